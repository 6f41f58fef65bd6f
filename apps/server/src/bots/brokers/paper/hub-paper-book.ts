// A paper bot's side of its book (paper-hub-calls.ts answers in the server): the book and the
// ledger over the hub's ordered channel, where a write sent before an order runs before it.
import type { BrokerPosition } from '../broker';
import type { HubCalls, HubMethod, WirePosition } from '../../protocol/hub-protocol';
import type { BotLedger } from '../../process/bot-ledger';
import { hubLedger, type HubClient } from '../../process/hub-client';
import type { PaperBook } from './paper-broker';

/**
 * The ledger of a bot whose broker is the paper book behind the same channel: an intent sent
 * before an order is written before the order is booked, and a failed write ends the channel and
 * with it the bot, which starts again from what was written. So its writes go unanswered.
 */
export function orderedHubLedger(hub: HubClient): BotLedger {
  const answered = hubLedger(hub);
  const sent = <M extends HubMethod>(method: M, params: HubCalls[M]['params']) => {
    hub.send(method, params);
    return Promise.resolve();
  };
  return {
    ...answered,
    intent: (order) => sent('intent', order),
    confirm: (id, dealId, fillPrice) => sent('confirm', { id, dealId, fillPrice }),
    fail: (id, message) => sent('fail', { id, message }),
    closeCycle: (record) => sent('closeCycle', record),
  };
}

const position = (wire: WirePosition): BrokerPosition => ({ ...wire, openedAt: new Date(wire.openedAt) });

/**
 * The paper book in the database, behind the hub's ordered channel. Opening and closing go
 * unanswered: the book takes the position or exit it is given (the fill is the engine's, the deal
 * id the broker's), and on this channel an order is never sent twice (a failure ends the bot,
 * which finds its positions again on start).
 */
export function hubPaperBook(hub: HubClient): PaperBook {
  return {
    open: (opening) => {
      hub.send('paperOpen', { ...opening, openedAt: opening.openedAt.getTime() });
      return Promise.resolve(opening);
    },
    close: (dealId, level, at) => {
      hub.send('paperClose', { dealId, level, at: at.getTime() });
      return Promise.resolve({ dealId, level, closedAt: at });
    },
    openPositions: async () => (await hub.call('paperPositions', {})).map(position),
    find: async (clientRef) => {
      const found = await hub.call('paperFind', { clientRef });
      return found && position(found);
    },
  };
}
