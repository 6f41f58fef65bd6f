// The checks Capital.com makes on a deal's request before dealing (spec/capital-api.md sections 4
// to 6): sizes against the market's dealing rules, stops and profits against the minimum distance,
// a working order's side of the market and its expiry date. Each answers the error code the real
// service answers, or null when the request passes.
import {
  DEFAULT_MAX_DEAL_SIZE,
  DEFAULT_SIZE_INCREMENT,
  type Direction,
  type FakeMarket,
  NO_DISTANCE,
  roundPrice,
} from './capital-fake-shapes';

/** The fields of a request body, unknown until checked. */
export type Body = Record<string, unknown>;

export const bodyOf = (body: unknown): Body =>
  typeof body === 'object' && body !== null ? (body as Body) : {};

export function directionOf(value: unknown): Direction | null {
  return value === 'BUY' || value === 'SELL' ? value : null;
}

/**
 * Under the minimum: `error.invalid.size.minvalue: X` (third-party reports); over the maximum:
 * `error.invalid.size.maxvalue: X` (third-party). Off the size increment: `error.invalid.size.increment`,
 * which is invented: Capital.com documents neither the rule's error nor the rule.
 */
export function sizeRefusal(market: FakeMarket, size: unknown): string | null {
  if (typeof size !== 'number' || !Number.isFinite(size) || size < market.minDealSize) {
    return `error.invalid.size.minvalue: ${market.minDealSize}`;
  }
  const maxDealSize = market.maxDealSize ?? DEFAULT_MAX_DEAL_SIZE;
  if (size > maxDealSize) return `error.invalid.size.maxvalue: ${maxDealSize}`;
  const steps = size / (market.minSizeIncrement ?? DEFAULT_SIZE_INCREMENT);
  // Tolerant of binary fractions: 0.07 / 0.01 is 7.000000000000001.
  if (Math.abs(steps - Math.round(steps)) > 1e-9) return 'error.invalid.size.increment';
  return null;
}

/**
 * A stop or profit level in a request: a number sets it, null clears it, absent leaves it. Any
 * other value is refused (invented codes: Capital.com documents only the distance errors).
 */
export type LevelChange = number | null | undefined;

export function levelChange(
  body: Body,
  field: 'stopLevel' | 'profitLevel',
): LevelChange | { errorCode: string } {
  const value = body[field];
  if (value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value))) {
    return value;
  }
  return { errorCode: field === 'stopLevel' ? 'error.invalid.stoploss' : 'error.invalid.takeprofit' };
}

/**
 * Request fields the fake does not model. It refuses them loudly rather than dealing without them:
 * a position silently opened without the stop the client asked for would pass a test it should fail.
 */
const UNMODELLED = ['stopDistance', 'stopAmount', 'profitDistance', 'profitAmount'] as const;

export function unmodelledRefusal(body: Body): string | null {
  const field = UNMODELLED.find((name) => body[name] !== undefined && body[name] !== null);
  if (field) return `fake.unmodelled.field: ${field}`;
  if (body.trailingStop === true || body.trailingStop === 'true')
    return 'fake.unmodelled.field: trailingStop';
  if (body.guaranteedStop === true || body.guaranteedStop === 'true')
    return 'fake.unmodelled.field: guaranteedStop';
  return null;
}

/** The minimum distance in price units from `price` (PERCENTAGE distances scale with it). */
function minDistanceFrom(market: FakeMarket, price: number): number {
  const { unit, value } = market.minStopDistance ?? NO_DISTANCE;
  return unit === 'PERCENTAGE' ? (price * value) / 100 : value;
}

/** Where a deal's stop and profit are measured from: the market now, or a working order's level. */
export interface Reference {
  bid: number;
  offer: number;
}

/**
 * A long's stop must lie at least the minimum distance under the bid and its profit that far over
 * the offer; a short mirrors it. The refusal names the nearest level allowed, as Capital.com's
 * `error.invalid.stoploss.maxvalue: X` family does.
 */
export function stopAndProfitRefusal(
  market: FakeMarket,
  direction: Direction,
  levels: { stopLevel?: number | null; profitLevel?: number | null },
  reference: Reference,
): string | null {
  const under = roundPrice(reference.bid - minDistanceFrom(market, reference.bid));
  const over = roundPrice(reference.offer + minDistanceFrom(market, reference.offer));
  const { stopLevel, profitLevel } = levels;
  if (direction === 'BUY') {
    if (typeof stopLevel === 'number' && stopLevel > under)
      return `error.invalid.stoploss.maxvalue: ${under}`;
    if (typeof profitLevel === 'number' && profitLevel < over)
      return `error.invalid.takeprofit.minvalue: ${over}`;
    return null;
  }
  if (typeof stopLevel === 'number' && stopLevel < over) return `error.invalid.stoploss.minvalue: ${over}`;
  if (typeof profitLevel === 'number' && profitLevel > under)
    return `error.invalid.takeprofit.maxvalue: ${under}`;
  return null;
}

/**
 * Whether a working order waits on the right side of the market: a LIMIT buys under the offer (or
 * sells over the bid), a STOP buys over the offer (or sells under the bid). Capital.com does not
 * document what happens otherwise; the fake refuses the deal with the confirm reason
 * WRONG_SIDE_OF_MARKET of its Java enum rather than filling it at once.
 */
export function isOnRightSide(
  order: { direction: Direction; type: 'LIMIT' | 'STOP'; level: number },
  market: Reference,
): boolean {
  const buysUnder = order.direction === 'BUY' ? order.level < market.offer : order.level > market.bid;
  const buysOver = order.direction === 'BUY' ? order.level > market.offer : order.level < market.bid;
  return order.type === 'LIMIT' ? buysUnder : buysOver;
}

/**
 * goodTillDate, UTC as `YYYY-MM-DDTHH:MM:SS`: an instant in the future, or the documented
 * `error.not-in-future.goodTillDate`; a text that is no date gets the invented
 * `error.invalid.goodTillDate`.
 */
export function goodTillDateOf(value: unknown, now: number): number | undefined | { errorCode: string } {
  if (value === undefined || value === null) return undefined;
  const at = typeof value === 'string' ? Date.parse(`${value}Z`) : Number.NaN;
  if (Number.isNaN(at)) return { errorCode: 'error.invalid.goodTillDate' };
  if (at <= now) return { errorCode: 'error.not-in-future.goodTillDate' };
  return at;
}

export const isRefusal = (value: unknown): value is { errorCode: string } =>
  typeof value === 'object' && value !== null && 'errorCode' in value;
