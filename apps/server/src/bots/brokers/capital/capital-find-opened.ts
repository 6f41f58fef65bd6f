// After a timed-out POST /positions: did it open a position? Capital.com takes no client order id
// (spec/capital-api.md section 9), so the order is recognised by what it was: a BUY of its size on
// the epic, opened no earlier than the intent was written (less a little for clocks that
// disagree). The open positions are looked at first, then the activity history, which still shows
// a position the list does not (yet, or any more). Activity references are the position's own
// `p_…`, never the order's `o_…`, so they cannot be matched by reference.
import type { BrokerPosition, OpenOrder } from '../broker';
import { callFailed } from './capital-problems';
import {
  activitySchema,
  parseAnswer,
  positionsSchema,
  type ActivityRow,
  type OpenPositionRow,
} from './capital-schemas';
import type { CapitalSession } from './capital-session';

export interface OpenedLookup {
  epic: string;
  order: OpenOrder;
  /** Positions already matched to other orders: never handed out twice. */
  taken: ReadonlySet<string>;
  clockAllowanceMs: number;
  now: number;
}

/** The longest look-back GET /history/activity allows (one day). */
export const MAX_ACTIVITY_SECONDS = 86_400;

/** Activity statuses of a deal that was carried out. */
export const DONE_STATUSES = new Set(['ACCEPTED', 'EXECUTED']);

/** The POSITION rows of the epic's activity over the last `seconds`, with their details. */
export async function readPositionActivity(
  session: CapitalSession,
  epic: string,
  seconds: number,
  what: string,
): Promise<ActivityRow[]> {
  let body: unknown;
  try {
    body = await session.request('GET', '/api/v1/history/activity', {
      query: { lastPeriod: String(seconds), detailed: 'true', filter: `epic==${epic};type==POSITION` },
    });
  } catch (error) {
    throw callFailed(error, what);
  }
  return parseAnswer(activitySchema, body, 'attività').activities;
}

export async function readOpenPositions(session: CapitalSession, what: string): Promise<OpenPositionRow[]> {
  try {
    const body = await session.request('GET', '/api/v1/positions');
    return parseAnswer(positionsSchema, body, 'posizioni aperte').positions;
  } catch (error) {
    throw callFailed(error, what);
  }
}

export async function lookForOpened(
  session: CapitalSession,
  lookup: OpenedLookup,
): Promise<BrokerPosition | null> {
  const { epic, order, taken, clockAllowanceMs } = lookup;
  const from = order.sentAt.getTime() - clockAllowanceMs;
  const fits = (position: BrokerPosition, direction: string) =>
    !taken.has(position.dealId) &&
    direction === 'BUY' &&
    sameLots(position.lots, order.lots) &&
    position.openedAt.getTime() >= from;

  const open = (await readOpenPositions(session, "la verifica dell'ordine")).flatMap(
    ({ position, market }) => {
      const candidate = {
        dealId: position.dealId,
        clientRef: order.clientRef,
        lots: position.size,
        level: position.level,
        openedAt: position.createdDateUTC,
      };
      return market.epic === epic && fits(candidate, position.direction) ? [candidate] : [];
    },
  );
  const listed = bestMatch(open, order.sentAt);
  if (listed) return listed;

  const seconds = Math.min(MAX_ACTIVITY_SECONDS, Math.max(1, Math.ceil((lookup.now - from) / 1000)));
  const activities = await readPositionActivity(session, epic, seconds, "la verifica dell'ordine");
  const done = activities.flatMap((activity) => {
    const { details } = activity;
    if (
      !details ||
      activity.epic !== epic ||
      activity.type !== 'POSITION' ||
      !DONE_STATUSES.has(activity.status)
    ) {
      return [];
    }
    const candidate = {
      dealId: activity.dealId,
      clientRef: order.clientRef,
      lots: details.size,
      level: details.level,
      openedAt: activity.dateUTC,
    };
    return fits(candidate, details.direction) ? [candidate] : [];
  });
  return bestMatch(done, order.sentAt);
}

/**
 * The first opened at or after the send; failing that, the last opened in the allowance before it
 * (clocks that disagree), which is the likelier one of those to be this order's and not an earlier
 * order's of the same size.
 */
function bestMatch(positions: BrokerPosition[], sentAt: Date): BrokerPosition | null {
  const time = (position: BrokerPosition) => position.openedAt.getTime();
  const after = positions.filter((position) => time(position) >= sentAt.getTime());
  if (after.length > 0) {
    return after.reduce((first, position) => (time(position) < time(first) ? position : first));
  }
  return positions.reduce<BrokerPosition | null>(
    (last, position) => (last && time(last) >= time(position) ? last : position),
    null,
  );
}

/** Lots carry two decimals; Capital.com's sizes are floats. */
function sameLots(a: number, b: number): boolean {
  return Math.round(a * 100) === Math.round(b * 100);
}
