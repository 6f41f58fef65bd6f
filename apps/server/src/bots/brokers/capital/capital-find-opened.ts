// After an order's outcome was lost (a timeout, a crash): did it open a position, or leave a
// working order? Capital.com takes no client order id (spec/capital-api.md section 9), so an order
// is recognised by what it was: a BUY of its size on the epic (at its level, for a working order),
// made no earlier than its intent was written (less a little for clocks that disagree), and not
// one the bot already holds. The open positions and working orders are looked at first, then the
// activity history, which still shows a deal the lists do not (yet, or any more). Activity
// references are the position's own `p_…`, never the order's `o_…`, so they cannot be matched by
// reference; a REJECTED row there is a refusal, never a match. One running investment per account
// and market (enforced when an investment starts) keeps another bot's orders out of the way.
import type { BrokerPosition } from '../broker';
import type { CapitalLink } from './capital-link';
import { callFailed } from './capital-problems';
import {
  activitySchema,
  parseAnswer,
  positionsSchema,
  workingOrdersSchema,
  type ActivityRow,
  type OpenPositionRow,
  type WorkingOrderRow,
} from './capital-schemas';

/** What an order was, at the broker's size and level. */
export interface SentOrder {
  epic: string;
  size: number;
  /** A working order's level; null for a market order. */
  level: number | null;
  /** When its intent was written, less the clocks' allowance. */
  from: number;
  /** Deals already the bot's: never handed out twice. */
  taken: ReadonlySet<string>;
}

/** The longest look-back GET /history/activity allows (one day). */
export const MAX_ACTIVITY_SECONDS = 86_400;

/** Activity statuses of a deal that was carried out. */
export const DONE_STATUSES = new Set(['ACCEPTED', 'EXECUTED']);

/** The rows of the epic's activity of this type over the last `seconds`, with their details. */
export async function readActivity(
  link: CapitalLink,
  epic: string,
  type: 'POSITION' | 'WORKING_ORDER',
  seconds: number,
  what: string,
): Promise<ActivityRow[]> {
  let body: unknown;
  try {
    body = await link.request('GET', '/api/v1/history/activity', {
      query: {
        lastPeriod: String(Math.min(MAX_ACTIVITY_SECONDS, Math.max(1, Math.ceil(seconds)))),
        detailed: 'true',
        filter: `epic==${epic};type==${type}`,
      },
    });
  } catch (error) {
    throw callFailed(error, what);
  }
  return parseAnswer(activitySchema, body, 'attività').activities;
}

export async function readOpenPositions(link: CapitalLink, what: string): Promise<OpenPositionRow[]> {
  try {
    const body = await link.request('GET', '/api/v1/positions');
    return parseAnswer(positionsSchema, body, 'posizioni aperte').positions;
  } catch (error) {
    throw callFailed(error, what);
  }
}

export async function readWorkingOrders(link: CapitalLink, what: string): Promise<WorkingOrderRow[]> {
  try {
    const body = await link.request('GET', '/api/v1/workingorders');
    return parseAnswer(workingOrdersSchema, body, 'ordini pendenti').workingOrders.map(
      (row) => row.workingOrderData,
    );
  } catch (error) {
    throw callFailed(error, what);
  }
}

/** A position at the broker's size (the broker converts it to lots). */
export type FoundPosition = Omit<BrokerPosition, 'clientRef' | 'lots'> & { size: number };

/** The position a market order opened, in the list or (closed since, or not listed yet) the activity; null when none shows. */
export async function lookForOpened(
  link: CapitalLink,
  order: SentOrder,
  now: number,
): Promise<FoundPosition | null> {
  const fits = (dealId: string, direction: string, size: number, at: Date) =>
    !order.taken.has(dealId) &&
    direction === 'BUY' &&
    sameSize(size, order.size) &&
    at.getTime() >= order.from;
  const listed = (await readOpenPositions(link, "la verifica dell'ordine")).flatMap(({ position, market }) =>
    market.epic === order.epic &&
    fits(position.dealId, position.direction, position.size, position.createdDateUTC)
      ? [found(position)]
      : [],
  );
  const first = earliest(listed);
  if (first) return first;
  const activity = await readActivity(
    link,
    order.epic,
    'POSITION',
    (now - order.from) / 1000,
    "la verifica dell'ordine",
  );
  return earliest(
    activity.flatMap((row) =>
      row.details &&
      DONE_STATUSES.has(row.status) &&
      fits(row.dealId, row.details.direction, row.details.size, row.dateUTC)
        ? [{ dealId: row.dealId, size: row.details.size, level: row.details.level, openedAt: row.dateUTC }]
        : [],
    ),
  );
}

/** The working order a POST /workingorders left resting, matched by epic, size, level and time; null when none rests. */
export async function lookForResting(link: CapitalLink, order: SentOrder): Promise<string | null> {
  const rows = await readWorkingOrders(link, "la verifica dell'ordine pendente");
  const resting = rows.filter(
    (row) =>
      row.epic === order.epic &&
      row.direction === 'BUY' &&
      !order.taken.has(row.dealId) &&
      sameSize(row.orderSize, order.size) &&
      row.orderLevel === order.level &&
      row.createdDateUTC.getTime() >= order.from,
  );
  return resting.sort((a, b) => a.createdDateUTC.getTime() - b.createdDateUTC.getTime())[0]?.dealId ?? null;
}

/**
 * The position a working order became: listed with its workingOrderId, else (closed since, by its
 * stop or take profit) the activity's BUY of its size at or under its level after it was placed.
 */
export async function lookForFilled(
  link: CapitalLink,
  workingOrderId: string | null,
  order: SentOrder,
  now: number,
): Promise<FoundPosition | null> {
  const rows = await readOpenPositions(link, "la verifica dell'ordine pendente");
  const filledAt = (level: number) => order.level !== null && level <= order.level;
  const listed = rows.filter(
    ({ position, market }) =>
      market.epic === order.epic &&
      !order.taken.has(position.dealId) &&
      (position.workingOrderId
        ? position.workingOrderId === workingOrderId
        : workingOrderId === null &&
          position.direction === 'BUY' &&
          sameSize(position.size, order.size) &&
          filledAt(position.level) &&
          position.createdDateUTC.getTime() >= order.from),
  );
  const first = earliest(listed.map(({ position }) => found(position)));
  if (first) return first;
  const activity = await readActivity(
    link,
    order.epic,
    'POSITION',
    (now - order.from) / 1000,
    "la verifica dell'ordine pendente",
  );
  return earliest(
    activity.flatMap((row) =>
      row.details &&
      DONE_STATUSES.has(row.status) &&
      row.details.direction === 'BUY' &&
      !order.taken.has(row.dealId) &&
      sameSize(row.details.size, order.size) &&
      filledAt(row.details.level) &&
      row.dateUTC.getTime() >= order.from &&
      // A position the list still holds, from another order, is not this one.
      !rows.some(({ position }) => position.dealId === row.dealId)
        ? [{ dealId: row.dealId, size: row.details.size, level: row.details.level, openedAt: row.dateUTC }]
        : [],
    ),
  );
}

function found(position: OpenPositionRow['position']): FoundPosition {
  return {
    dealId: position.dealId,
    size: position.size,
    level: position.level,
    openedAt: position.createdDateUTC,
    stopLevel: position.stopLevel ?? null,
    profitLevel: position.profitLevel ?? null,
  };
}

/** The first made: an earlier order of the same size would have been taken already. */
function earliest<T extends { openedAt: Date }>(candidates: T[]): T | null {
  return candidates.reduce<T | null>(
    (first, candidate) => (first && first.openedAt <= candidate.openedAt ? first : candidate),
    null,
  );
}

/** Capital.com's sizes are floats. */
function sameSize(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
