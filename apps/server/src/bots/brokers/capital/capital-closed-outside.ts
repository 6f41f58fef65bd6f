// Positions the bot's records hold but Capital.com no longer does: their stop or take profit
// closed them at the broker (the levels sent with each entry), or someone closed them by hand. The
// activity history of the last day tells how: the SELL that closed each one, its level and who
// made it (source SL: its stop, TP: its take profit).
import type { ExitCause, OutsideExit } from '../broker';
import type { CapitalLink } from './capital-link';
import { DONE_STATUSES, MAX_ACTIVITY_SECONDS, readActivity } from './capital-find-opened';

const CAUSES: Record<string, ExitCause> = { SL: 'stop', TP: 'take-profit' };

export async function lookForClosed(
  link: CapitalLink,
  epic: string,
  dealIds: readonly string[],
): Promise<Map<string, OutsideExit>> {
  const wanted = new Set(dealIds);
  const exits = new Map<string, OutsideExit>();
  if (wanted.size === 0) return exits;
  const activities = await readActivity(
    link,
    epic,
    'POSITION',
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
      cause: CAUSES[activity.source ?? ''] ?? 'other',
    });
  }
  return exits;
}
