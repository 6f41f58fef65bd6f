// The JSON the Capital.com fake answers, in the documented shapes (spec/capital-api.md sections 2,
// 4, 5, 7 and 8, field for field where the spec lists them), built from the fake's state.
import { randomUUID } from 'node:crypto';

export interface FakeMarket {
  epic: string;
  instrumentName: string;
  /** TRADEABLE, CLOSED, EDITS_ONLY, OFFLINE, ON_AUCTION, ON_AUCTION_NO_EDITS or SUSPENDED. */
  marketStatus: string;
  bid: number;
  offer: number;
  minDealSize: number;
}

export interface FakePosition {
  dealId: string;
  epic: string;
  direction: 'BUY' | 'SELL';
  size: number;
  level: number;
  createdAt: number;
  /** The stop held with the position (stopLevel): a quote at or through it closes the position. */
  stopLevel?: number;
}

/** One POSITION row of the activity history: an open or a close. */
export interface FakeActivity {
  at: number;
  epic: string;
  dealId: string;
  direction: 'BUY' | 'SELL';
  size: number;
  level: number;
  marketName: string;
  /** Who made the deal: the client (USER, the default) or the position's stop (SL). */
  source?: 'USER' | 'SL';
}

/** The fake's accounts live two hours east of UTC, so fields without `UTC` are visibly local. */
export const TIMEZONE_OFFSET_HOURS = 2;

/** Capital.com's date format: ISO without a zone suffix. */
const utcText = (ms: number) => new Date(ms).toISOString().slice(0, -1);
export const localText = (ms: number) => utcText(ms + TIMEZONE_OFFSET_HOURS * 3_600_000);

export const newDealId = () => randomUUID();

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

export function marketDetailsJson(market: FakeMarket) {
  const distance = (value: number) => ({ unit: 'POINTS', value });
  return {
    instrument: {
      epic: market.epic,
      expiry: '-',
      name: market.instrumentName,
      lotSize: 1,
      type: 'COMMODITIES',
      controlledRiskAllowed: true,
      streamingPricesAvailable: true,
      currency: 'USD',
      marginFactor: 5,
      marginFactorUnit: 'PERCENTAGE',
      country: '',
    },
    dealingRules: {
      minStepDistance: distance(0.01),
      minDealSize: distance(market.minDealSize),
      minControlledRiskStopDistance: distance(0.1),
      minNormalStopOrLimitDistance: distance(0.1),
      maxStopOrLimitDistance: { unit: 'PERCENTAGE', value: 75 },
      marketOrderPreference: 'AVAILABLE_DEFAULT_OFF',
      trailingStopsPreference: 'AVAILABLE',
    },
    snapshot: {
      marketStatus: market.marketStatus,
      netChange: 0,
      percentageChange: 0,
      updateTime: localText(Date.now()),
      delayTime: 0,
      bid: market.bid,
      offer: market.offer,
      high: market.offer,
      low: market.bid,
      decimalPlacesFactor: 2,
      scalingFactor: 1,
    },
  };
}

/** The flat market row of GET /markets?searchTerm= and of a position's `market`. */
export function marketRowJson(market: FakeMarket) {
  const now = Date.now();
  return {
    epic: market.epic,
    instrumentName: market.instrumentName,
    instrumentType: 'COMMODITIES',
    expiry: '-',
    lotSize: 1,
    bid: market.bid,
    offer: market.offer,
    high: market.offer,
    low: market.bid,
    netChange: 0,
    percentageChange: 0,
    updateTime: localText(now),
    updateTimeUTC: utcText(now),
    delayTime: 0,
    marketStatus: market.marketStatus,
    streamingPricesAvailable: true,
    scalingFactor: 1,
  };
}

export function positionJson(position: FakePosition, market: FakeMarket | undefined) {
  return {
    position: {
      contractSize: 1,
      createdDate: localText(position.createdAt),
      createdDateUTC: utcText(position.createdAt),
      dealId: position.dealId,
      dealReference: `p_${position.dealId}`,
      workingOrderId: newDealId(),
      size: position.size,
      leverage: 20,
      upl: market ? (market.bid - position.level) * position.size : 0,
      direction: position.direction,
      level: position.level,
      currency: 'USD',
      guaranteedStop: false,
    },
    market: market ? marketRowJson(market) : { epic: position.epic },
  };
}

/** What every confirmation of a deal on `epic` carries; `dealId` is the deal's own, not a position's. */
export function confirmBase(epic: string, dealReference: string, size: number, direction: 'BUY' | 'SELL') {
  return {
    date: localText(Date.now()),
    epic,
    dealReference,
    dealId: newDealId(),
    size,
    direction,
    guaranteedStop: false,
    trailingStop: false,
  };
}

/** Not documented by Capital.com: the fake's guess at a refusal, with no position and no level. */
export function rejectedConfirm(base: ReturnType<typeof confirmBase>, reason: string) {
  return { ...base, status: null, reason, dealStatus: 'REJECTED', affectedDeals: [], level: null };
}

export function activityJson(activity: FakeActivity, detailed: boolean) {
  return {
    date: localText(activity.at),
    dateUTC: utcText(activity.at),
    epic: activity.epic,
    dealId: activity.dealId,
    source: activity.source ?? 'USER',
    type: 'POSITION',
    status: 'ACCEPTED',
    ...(detailed
      ? {
          details: {
            dealReference: `p_${activity.dealId}`,
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
