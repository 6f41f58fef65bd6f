// How a change to an investment or an account reaches the bots when the bot hosts are other
// processes on the same PostgreSQL (issue 34): the API sends it on a channel, and the host that
// holds the account starts, stops or restarts the bot at once; a host that missed it (its
// connection dropped) catches up at its next lease renewal, a fifth of a lease later.
import type { Notifications } from '@platform/db';
import * as z from 'zod';
import type { Logger } from '../lib/logger';
import type { BotControl } from '../modules/investments/investments.service';

export const BOT_CONTROL_CHANNEL = 'bot_control';

const changeSchema = z.union([
  z.object({ investmentId: z.uuid() }).strict(),
  z.object({ accountId: z.uuid() }).strict(),
]);
export type BotChange = z.infer<typeof changeSchema>;

export function notifyingBotControl(notifications: Notifications, logger: Pick<Logger, 'warn'>): BotControl {
  const send = (change: BotChange) =>
    void notifications.notify(BOT_CONTROL_CHANNEL, JSON.stringify(change)).catch((error: unknown) => {
      logger.warn(
        { ...change, error: String(error) },
        'bot hosts not told of a change: they see it at their next renewal',
      );
    });
  return {
    investmentChanged: (investmentId) => send({ investmentId }),
    accountChanged: (accountId) => send({ accountId }),
  };
}

/** Calls onChange with each change sent on the channel; answers how to stop listening. */
export function listenForBotChanges(
  notifications: Notifications,
  onChange: (change: BotChange) => void,
): Promise<() => Promise<void>> {
  return notifications.listen(BOT_CONTROL_CHANNEL, (payload) => {
    try {
      const parsed = changeSchema.safeParse(JSON.parse(payload));
      if (parsed.success) onChange(parsed.data);
    } catch {
      // Not JSON: not a change of ours.
    }
  });
}
