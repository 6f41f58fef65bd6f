// Positions the bot's records hold but Capital.com no longer does: their stop closed them at the
// broker (the stopLevel sent with each entry), or someone closed them by hand. The activity
// history of the last day tells how: the SELL that closed each one, its level and who made it.
import type { OutsideExit } from '../broker';
import { DONE_STATUSES, MAX_ACTIVITY_SECONDS, readPositionActivity } from './capital-find-opened';
import type { CapitalSession } from './capital-session';

export async function lookForClosed(
  session: CapitalSession,
  epic: string,
  dealIds: readonly string[],
): Promise<Map<string, OutsideExit>> {
  const wanted = new Set(dealIds);
  const exits = new Map<string, OutsideExit>();
  if (wanted.size === 0) return exits;
  const activities = await readPositionActivity(
    session,
    epic,
    MAX_ACTIVITY_SECONDS,
    'la lettura delle posizioni chiuse',
  );
  for (const activity of activities) {
    const { details } = activity;
    // The bot only buys: a position of its closes with a SELL.
    if (!details || details.direction !== 'SELL' || !wanted.has(activity.dealId)) continue;
    if (activity.epic !== epic || !DONE_STATUSES.has(activity.status)) continue;
    exits.set(activity.dealId, {
      dealId: activity.dealId,
      level: details.level,
      closedAt: activity.dateUTC,
      byStop: activity.source === 'SL',
    });
  }
  return exits;
}
