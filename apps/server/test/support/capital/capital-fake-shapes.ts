// The state the Capital.com fake keeps and the JSON it answers, in the documented shapes
// (spec/capital-api.md sections 2 to 8, field for field where the spec lists them). Dates come from
// the fake's business clock, passed in, never read here.
import { randomUUID } from 'node:crypto';

export type Direction = 'BUY' | 'SELL';

/** A distance in dealing rules: POINTS are price units here, PERCENTAGE a share of the price. */
export interface FakeDistance {
  unit: 'POINTS' | 'PERCENTAGE';
  value: number;
}

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** instrument.openingHours: per weekday, spans like '00:00 - 21:00'; only the UTC zone is modelled. */
export type FakeOpeningHours = Record<Weekday, string[]> & { zone: 'UTC' };

export interface FakeMarket {
  epic: string;
  instrumentName: string;
  /**
   * TRADEABLE, CLOSED, EDITS_ONLY, OFFLINE, ON_AUCTION, ON_AUCTION_NO_EDITS or SUSPENDED. With
   * openingHours, TRADEABLE means "open when the hours say so"; any other status wins over them.
   */
  marketStatus: string;
  bid: number;
  offer: number;
  minDealSize: number;
  /** instrument.type, which also picks the leverage group: COMMODITIES unless said. */
  instrumentType?: string;
  /** instrument.lotSize, the units one size unit stands for: 1 unless said. */
  lotSize?: number;
  /** dealingRules.minSizeIncrement: a size must be a whole multiple of it (0.01 unless said). */
  minSizeIncrement?: number;
  /** dealingRules.maxDealSize (1,000,000 unless said). */
  maxDealSize?: number;
  /** dealingRules.minNormalStopOrLimitDistance: how far from the price a stop or profit must lie. */
  minStopDistance?: FakeDistance;
  /** instrument.openingHours; without it the market never closes on its own. */
  openingHours?: FakeOpeningHours;
  /** snapshot.decimalPlacesFactor, the decimals of its prices: 2 unless said. */
  decimals?: number;
}

export interface FakePosition {
  dealId: string;
  epic: string;
  direction: Direction;
  size: number;
  level: number;
  createdAt: number;
  /** The stop held with the position: the bid path reaching it closes the position there. */
  stopLevel?: number;
  /** The take profit held with the position (profitLevel). */
  profitLevel?: number;
  /** The working order that opened it; absent when it was opened at market. */
  workingOrderId?: string;
}

export interface FakeWorkingOrder {
  dealId: string;
  epic: string;
  direction: Direction;
  type: 'LIMIT' | 'STOP';
  size: number;
  level: number;
  createdAt: number;
  /** GOOD_TILL_DATE orders lapse at this instant; without it the order is GOOD_TILL_CANCELLED. */
  goodTillDate?: number;
  /** The stop and profit the position will hold once the order fills. */
  stopLevel?: number;
  profitLevel?: number;
}

export type ActivityType = 'POSITION' | 'WORKING_ORDER' | 'EDIT_STOP_AND_LIMIT';
export type ActivityStatus = 'ACCEPTED' | 'EXECUTED' | 'EXPIRED' | 'REJECTED';
/** USER: the client asked; SL/TP: a held stop or profit; SYSTEM: the broker (a working order filling). */
export type ActivitySource = 'USER' | 'SL' | 'TP' | 'SYSTEM';

/** One row of the activity history. */
export interface FakeActivity {
  at: number;
  epic: string;
  dealId: string;
  direction: Direction;
  size: number;
  level: number;
  marketName: string;
  type?: ActivityType;
  status?: ActivityStatus;
  source?: ActivitySource;
}

/** An answer to one HTTP request; `delayMs` holds it back after the deal is done. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}

export const refuse = (status: number, errorCode: string): Reply => ({ status, body: { errorCode } });
export const ok = (body: unknown): Reply => ({ status: 200, body });

/** The fake's accounts live two hours east of UTC, so fields without `UTC` are visibly local. */
export const TIMEZONE_OFFSET_HOURS = 2;

/** Capital.com's date format: ISO without a zone suffix. */
export const utcText = (ms: number) => new Date(ms).toISOString().slice(0, -1);
export const localText = (ms: number) => utcText(ms + TIMEZONE_OFFSET_HOURS * 3_600_000);

export const newDealId = (): string => randomUUID();

/**
 * Prices the fake derives (a level less a spread, a bound less a distance) rounded to 1e-8, far
 * below any tick, so that 1.0800 − 0.0001 is 1.0799 and ties between levels stay ties.
 */
export const roundPrice = (price: number) => Math.round(price * 1e8) / 1e8;

/** A market as it is at one instant: its status follows the clock when it has opening hours. */
export interface MarketMoment {
  market: FakeMarket;
  status: string;
  now: number;
}

export function sessionJson(accountId: string) {
  return {
    accountType: 'CFD',
    accountInfo: { balance: 10_000, deposit: 10_000, profitLoss: 0, available: 10_000 },
    currencyIsoCode: 'EUR',
    currencySymbol: '€',
    currentAccountId: accountId,
    streamingHost: 'ws://127.0.0.1/',
    accounts: [{ accountId, accountName: 'CFD', preferred: true, accountType: 'CFD' }],
    clientId: `C${accountId}`,
    timezoneOffset: TIMEZONE_OFFSET_HOURS,
    hasActiveDemoAccounts: true,
    hasActiveLiveAccounts: false,
    trailingStopsEnabled: false,
  };
}

export function accountsJson(accountId: string) {
  return {
    accounts: [
      {
        accountId,
        accountName: 'CFD',
        status: 'ENABLED',
        accountType: 'CFD',
        preferred: true,
        balance: { balance: 10_000, deposit: 10_000, profitLoss: 0, available: 10_000 },
        currency: 'EUR',
      },
    ],
  };
}

/** The leverages of a retail account under ESMA's caps; `current` is the highest allowed. */
export const LEVERAGES = {
  SHARES: { current: 5, available: [1, 2, 5] },
  CURRENCIES: { current: 30, available: [1, 2, 5, 10, 20, 30] },
  INDICES: { current: 20, available: [1, 2, 5, 10, 20] },
  CRYPTOCURRENCIES: { current: 2, available: [1, 2] },
  COMMODITIES: { current: 20, available: [1, 2, 5, 10, 20] },
};

export function preferencesJson(hedgingMode: boolean) {
  return { hedgingMode, leverages: structuredClone(LEVERAGES) };
}

const points = (value: number) => ({ unit: 'POINTS', value });

export function marketDetailsJson({ market, status, now }: MarketMoment) {
  return {
    instrument: {
      epic: market.epic,
      expiry: '-',
      name: market.instrumentName,
      lotSize: market.lotSize ?? 1,
      type: market.instrumentType ?? 'COMMODITIES',
      controlledRiskAllowed: true,
      streamingPricesAvailable: true,
      currency: 'USD',
      marginFactor: 5,
      marginFactorUnit: 'PERCENTAGE',
      ...(market.openingHours ? { openingHours: structuredClone(market.openingHours) } : {}),
      country: '',
    },
    dealingRules: {
      minStepDistance: points(0.01),
      minDealSize: points(market.minDealSize),
      maxDealSize: points(market.maxDealSize ?? DEFAULT_MAX_DEAL_SIZE),
      minSizeIncrement: points(market.minSizeIncrement ?? DEFAULT_SIZE_INCREMENT),
      minControlledRiskStopDistance: points(0.1),
      minNormalStopOrLimitDistance: { ...(market.minStopDistance ?? NO_DISTANCE) },
      maxStopOrLimitDistance: { unit: 'PERCENTAGE', value: 75 },
      marketOrderPreference: 'AVAILABLE_DEFAULT_OFF',
      trailingStopsPreference: 'AVAILABLE',
    },
    snapshot: {
      marketStatus: status,
      netChange: 0,
      percentageChange: 0,
      updateTime: localText(now),
      delayTime: 0,
      bid: market.bid,
      offer: market.offer,
      high: market.offer,
      low: market.bid,
      decimalPlacesFactor: market.decimals ?? 2,
      scalingFactor: 1,
    },
  };
}

export const DEFAULT_MAX_DEAL_SIZE = 1_000_000;
export const DEFAULT_SIZE_INCREMENT = 0.01;
export const NO_DISTANCE: FakeDistance = { unit: 'POINTS', value: 0 };

/** The flat market row of GET /markets?searchTerm=, of a position's `market` and an order's `marketData`. */
export function marketRowJson({ market, status, now }: MarketMoment) {
  return {
    epic: market.epic,
    instrumentName: market.instrumentName,
    instrumentType: market.instrumentType ?? 'COMMODITIES',
    expiry: '-',
    lotSize: market.lotSize ?? 1,
    bid: market.bid,
    offer: market.offer,
    high: market.offer,
    low: market.bid,
    netChange: 0,
    percentageChange: 0,
    updateTime: localText(now),
    updateTimeUTC: utcText(now),
    delayTime: 0,
    marketStatus: status,
    streamingPricesAvailable: true,
    scalingFactor: 1,
  };
}

export function positionJson(position: FakePosition, moment: MarketMoment | undefined) {
  const market = moment?.market;
  // A long is worth what it sells for (the bid), a short what buying it back costs (the offer).
  const upl = !market
    ? 0
    : position.direction === 'BUY'
      ? (market.bid - position.level) * position.size
      : (position.level - market.offer) * position.size;
  return {
    position: {
      contractSize: market?.lotSize ?? 1,
      createdDate: localText(position.createdAt),
      createdDateUTC: utcText(position.createdAt),
      dealId: position.dealId,
      dealReference: `p_${position.dealId}`,
      workingOrderId: position.workingOrderId ?? null,
      size: position.size,
      leverage: 20,
      upl,
      direction: position.direction,
      level: position.level,
      currency: 'USD',
      guaranteedStop: false,
      ...(position.stopLevel === undefined ? {} : { stopLevel: position.stopLevel }),
      ...(position.profitLevel === undefined ? {} : { profitLevel: position.profitLevel }),
    },
    market: moment ? marketRowJson(moment) : { epic: position.epic },
  };
}

export function workingOrderJson(order: FakeWorkingOrder, moment: MarketMoment | undefined) {
  const distance = (level: number) => roundPrice(Math.abs(order.level - level));
  return {
    workingOrderData: {
      dealId: order.dealId,
      direction: order.direction,
      epic: order.epic,
      orderSize: order.size,
      orderLevel: order.level,
      timeInForce: order.goodTillDate === undefined ? 'GOOD_TILL_CANCELLED' : 'GOOD_TILL_DATE',
      // Not documented whether a GOOD_TILL_CANCELLED order carries these as null or not at all:
      // the fake leaves them out.
      ...(order.goodTillDate === undefined
        ? {}
        : { goodTillDate: localText(order.goodTillDate), goodTillDateUTC: utcText(order.goodTillDate) }),
      createdDate: localText(order.createdAt),
      createdDateUTC: utcText(order.createdAt),
      guaranteedStop: false,
      orderType: order.type,
      ...(order.stopLevel === undefined ? {} : { stopDistance: distance(order.stopLevel) }),
      ...(order.profitLevel === undefined ? {} : { profitDistance: distance(order.profitLevel) }),
      currencyCode: 'USD',
      // An addition to the documented shape: the levels themselves, as the client sent them, so a
      // client reads back exactly what it asked for instead of re-deriving it from distances.
      ...(order.stopLevel === undefined ? {} : { stopLevel: order.stopLevel }),
      ...(order.profitLevel === undefined ? {} : { profitLevel: order.profitLevel }),
    },
    marketData: moment ? marketRowJson(moment) : { epic: order.epic },
  };
}

/** What every confirmation of a deal on `epic` carries; `dealId` is the deal's own, not a position's. */
export function confirmBase(
  epic: string,
  dealReference: string,
  size: number,
  direction: Direction,
  now: number,
) {
  return {
    date: localText(now),
    epic,
    dealReference,
    dealId: newDealId(),
    size,
    direction,
    guaranteedStop: false,
    trailingStop: false,
  };
}

export type ConfirmBase = ReturnType<typeof confirmBase>;

/** Not documented by Capital.com: the fake's guess at a refusal, with no position and no level. */
export function rejectedConfirm(base: ConfirmBase, reason: string) {
  return { ...base, status: null, reason, dealStatus: 'REJECTED', affectedDeals: [], level: null };
}

export function activityJson(activity: FakeActivity, detailed: boolean) {
  const type = activity.type ?? 'POSITION';
  // In Capital.com's example a POSITION row's reference is the position's own `p_<dealId>`; the
  // fake names a working order's rows the same way with the `o_` of orders.
  const prefix = type === 'WORKING_ORDER' ? 'o_' : 'p_';
  return {
    date: localText(activity.at),
    dateUTC: utcText(activity.at),
    epic: activity.epic,
    dealId: activity.dealId,
    source: activity.source ?? 'USER',
    type,
    status: activity.status ?? 'ACCEPTED',
    ...(detailed
      ? {
          details: {
            dealReference: `${prefix}${activity.dealId}`,
            marketName: activity.marketName,
            currency: 'USD',
            size: activity.size,
            direction: activity.direction,
            level: activity.level,
            guaranteedStop: false,
          },
        }
      : {}),
  };
}
