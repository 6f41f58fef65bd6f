/**
 * Made-up but plausible 1-minute bars, so that a fresh install has price history to backtest,
 * analyse and chart (DESIGN.md section 3, demo data). Deterministic: a seeded generator and the
 * same arithmetic give the same bars on every machine and every run.
 *
 * The model, per open minute: the log price reverts slowly (weeks) to a path with a mild drift and
 * one slow swing, so two years stay in each market's usual range; around it a return whose size is
 * a GARCH(1,1) volatility (clusters of busy and quiet minutes), times a slow day-to-day volatility
 * regime, times the hour's seasonal weight (quiet Asian night, busy London morning and New York
 * afternoon, the cash session for the index). Markets close from Friday 22:00 to Sunday 22:00 UTC,
 * GOLD and NASDAQ also for an hour each evening, and reopen with a gap. Prices sit on the market's
 * tick grid, and high >= max(open, close) >= min(open, close) >= low > 0 always.
 */
import { type BarColumns } from './bar-columns';
import { seededRandom, standardNormal } from './seeded-random';

export type SyntheticMarket = 'GOLD' | 'NASDAQ' | 'EURUSD';

interface MarketProfile {
  seed: number;
  /** Ticks per unit of price: 100 for a 0.01 tick. A price is ticks / ticksPerUnit, exact in binary where it can be. */
  ticksPerUnit: number;
  /** Where the reverting path starts and ends over the generated span. */
  startPrice: number;
  endPrice: number;
  /** Amplitude (in log price) of the slow swing around the drift. */
  swing: number;
  /** Typical daily volatility of returns. */
  dailyVolatility: number;
  /** Relative activity of each UTC hour (normalised so the average variance weight is 1). */
  hourly: readonly number[];
  /** UTC hour of a daily one-hour break (Monday to Thursday evenings), if the market has one. */
  dailyBreakHour: number | null;
}

const METAL_FX_HOURS = [
  0.55, 0.5, 0.5, 0.55, 0.6, 0.6, 0.7, 0.95, 1.25, 1.2, 1.1, 1.05, 1.15, 1.45, 1.6, 1.5, 1.3, 1.0, 0.85, 0.75,
  0.7, 0.6, 0.45, 0.5,
];
const INDEX_HOURS = [
  0.4, 0.4, 0.35, 0.35, 0.35, 0.35, 0.4, 0.5, 0.6, 0.6, 0.6, 0.65, 0.75, 1.9, 2.1, 1.6, 1.4, 1.3, 1.3, 1.6,
  0.7, 0.5, 0.4, 0.4,
];

const PROFILES: Record<SyntheticMarket, MarketProfile> = {
  GOLD: {
    seed: 0x60_1d,
    ticksPerUnit: 100,
    startPrice: 1930,
    endPrice: 2330,
    swing: 0.035,
    dailyVolatility: 0.009,
    hourly: METAL_FX_HOURS,
    dailyBreakHour: 21,
  },
  NASDAQ: {
    seed: 0x4e_44_51,
    ticksPerUnit: 4,
    startPrice: 15_000,
    endPrice: 19_200,
    swing: 0.045,
    dailyVolatility: 0.012,
    hourly: INDEX_HOURS,
    dailyBreakHour: 21,
  },
  EURUSD: {
    seed: 0xe0_05,
    ticksPerUnit: 100_000,
    startPrice: 1.085,
    endPrice: 1.095,
    swing: 0.015,
    dailyVolatility: 0.0045,
    hourly: METAL_FX_HOURS,
    dailyBreakHour: null,
  },
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Open minutes in a trading day, roughly: what a day's volatility is spread over. */
const MINUTES_PER_DAY = 1380;
/** GARCH(1,1) on the de-seasonalised minute returns: high persistence, as intraday data shows. */
const GARCH_ALPHA = 0.06;
const GARCH_BETA = 0.93;
/** Pull towards the path per minute: a deviation halves in about two weeks of trading. */
const REVERSION = Math.LN2 / (10 * MINUTES_PER_DAY);
/** Day-to-day volatility regime: log-AR(1) updated at each UTC midnight. */
const REGIME_PERSISTENCE = 0.9;
const REGIME_SHOCK = 0.22;
/** A minute of news now and then: a shock this many times the usual size. */
const NEWS_CHANCE = 0.002;
const NEWS_SIZE = 4;
/**
 * What the regime and the news shocks add to the mean variance (a log-normal's second moment, and
 * the jumps' share), taken out of the base so the realised daily volatility is the profile's.
 */
const EXTRA_VARIANCE =
  Math.exp((2 * REGIME_SHOCK * REGIME_SHOCK) / (1 - REGIME_PERSISTENCE * REGIME_PERSISTENCE)) *
  (1 + NEWS_CHANCE * (NEWS_SIZE * NEWS_SIZE - 1));

/** Whether the synthetic market trades in the minute starting at `time` (ms, UTC). */
export function isSyntheticMarketOpen(market: SyntheticMarket, time: number): boolean {
  // 1970-01-01 was a Thursday (weekday 4, Sunday being 0).
  const weekday = (Math.floor(time / DAY) + 4) % 7;
  const hour = utcHour(time);
  const breakHour = PROFILES[market].dailyBreakHour;
  if (weekday === 6) return false;
  if (weekday === 0) return hour >= 22;
  if (breakHour !== null && hour === breakHour) return false;
  return weekday !== 5 || hour < 22;
}

export function syntheticTickSize(market: SyntheticMarket): number {
  return 1 / PROFILES[market].ticksPerUnit;
}

/** The 1m bars of every open minute in [from, to) (ms, UTC); the price path runs from the profile's start to its end price over that span. */
export function syntheticBars(market: SyntheticMarket, from: number, to: number): BarColumns {
  const profile = PROFILES[market];
  const start = Math.ceil(from / MINUTE) * MINUTE;
  let capacity = 0;
  for (let time = start; time < to; time += HOUR) capacity += 60;
  const columns: BarColumns = {
    t: new Float64Array(capacity),
    o: new Float64Array(capacity),
    h: new Float64Array(capacity),
    l: new Float64Array(capacity),
    c: new Float64Array(capacity),
  };

  const random = seededRandom(profile.seed);
  const normal = standardNormal(random);
  const perUnit = profile.ticksPerUnit;
  const seasonal = normalisedWeights(profile.hourly);
  const baseVariance = (profile.dailyVolatility * profile.dailyVolatility) / MINUTES_PER_DAY / EXTRA_VARIANCE;
  const omega = baseVariance * (1 - GARCH_ALPHA - GARCH_BETA);
  const logStart = Math.log(profile.startPrice);
  const logDrift = Math.log(profile.endPrice) - logStart;
  const span = Math.max(to - start, MINUTE);

  let logPrice = logStart;
  let variance = baseVariance;
  let regime = 1;
  let closeTicks = Math.round(profile.startPrice * perUnit);
  let closedMinutes = 0;
  let day = Math.floor(start / DAY);
  let n = 0;

  for (let time = start; time < to; time += MINUTE) {
    if (!isSyntheticMarketOpen(market, time)) {
      closedMinutes++;
      continue;
    }
    const today = Math.floor(time / DAY);
    if (today !== day) {
      day = today;
      regime = Math.exp(REGIME_PERSISTENCE * Math.log(regime) + REGIME_SHOCK * normal());
    }
    const progress = (time - start) / span;
    const path = logStart + logDrift * progress + profile.swing * Math.sin(2 * Math.PI * 1.5 * progress);

    let openTicks = closeTicks;
    if (closedMinutes > 0) {
      // News piles up while the market is shut: it reopens away from where it closed.
      logPrice += Math.sqrt(baseVariance * closedMinutes) * 0.35 * normal();
      openTicks = Math.max(1, Math.round(Math.exp(logPrice) * perUnit));
      closedMinutes = 0;
    }

    const shock = normal() * (random() < NEWS_CHANCE ? NEWS_SIZE : 1);
    const innovation = Math.sqrt(variance) * shock;
    const scale = regime * seasonal[utcHour(time)]!;
    const sigma = Math.sqrt(variance) * scale;
    logPrice += REVERSION * (path - logPrice) + innovation * scale;
    variance = omega + GARCH_ALPHA * innovation * innovation + GARCH_BETA * variance;
    closeTicks = Math.max(1, Math.round(Math.exp(logPrice) * perUnit));

    // The wicks: how far the minute wandered beyond its open and close, in ticks.
    const reach = Math.exp(logPrice) * perUnit * sigma * 0.6;
    const highTicks = Math.max(openTicks, closeTicks) + Math.floor(Math.abs(normal()) * reach);
    const lowTicks = Math.max(1, Math.min(openTicks, closeTicks) - Math.floor(Math.abs(normal()) * reach));

    columns.t[n] = time;
    columns.o[n] = openTicks / perUnit;
    columns.h[n] = highTicks / perUnit;
    columns.l[n] = lowTicks / perUnit;
    columns.c[n] = closeTicks / perUnit;
    n++;
  }
  return {
    t: columns.t.slice(0, n),
    o: columns.o.slice(0, n),
    h: columns.h.slice(0, n),
    l: columns.l.slice(0, n),
    c: columns.c.slice(0, n),
  };
}

function utcHour(time: number): number {
  return Math.floor((time % DAY) / HOUR);
}

/** The hourly weights scaled so that the mean squared weight is 1: the daily volatility stays as set. */
function normalisedWeights(weights: readonly number[]): Float64Array {
  const meanSquare = weights.reduce((sum, w) => sum + w * w, 0) / weights.length;
  return Float64Array.from(weights, (w) => w / Math.sqrt(meanSquare));
}
