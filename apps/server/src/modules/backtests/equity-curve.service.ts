// The balance and equity curve of a backtest's result row (issue 36, point 1), made on demand:
// the row's parameters (the range's shared ones from the backtest) run again by the engine over
// the backtest's period, on the bars the backtest read. Nothing is stored: a finished backtest
// never changes, and its bars are those of the store, so the same call gives the same curve. The
// run is the row's own, so the curve ends at the row's profit and its worst drawdown is the row's.
import {
  BACKTEST_MESSAGES,
  EQUITY_CURVE_MESSAGES,
  JOB_STATUS,
  type EquityCurveData,
  type Market,
} from '@platform/contracts';
import {
  holdOutSplit,
  sliceBars,
  type Bars,
  type EquityCurve,
  type GridParams,
  type InstrumentSpec,
} from '@platform/engine';
import { conflict, notFound } from '../../lib/errors';
import type { InstrumentsService } from '../instruments/instruments.service';
import { loadFxCloses } from '../marketdata/fx-closes';
import { barsInPeriod, type PriceHistory } from '../marketdata/price-history';
import type { BacktestsService } from './backtests.service';
import type { Viewer } from '../../lib/policy';

/** One run's curve, as the engine's executor (engine-pool/engine-executor.ts) computes it on its threads. */
export interface CurveEngine {
  equityCurve(job: {
    market: Market;
    bars: Bars;
    instrument: InstrumentSpec;
    /** EURUSD closes for fx(d) (daily, else 1m), or null when there is none. */
    fx: { t: Float64Array; c: Float64Array } | null;
    params: GridParams;
  }): Promise<EquityCurve>;
}

/** Cents for money, a ten-thousandth of a percent for drawdowns: what a chart can show, half the bytes. */
const cents = (value: number) => Math.round(value * 100) / 100;
const basisPoints = (value: number) => Math.round(value * 10_000) / 10_000;

/** Markers a chart can still read: past this, the deepest losses among the notable cycles. */
const MAX_NOTABLE = 1000;

function notableShown<Cycle extends { profitLoss: number; closedAt: number }>(cycles: Cycle[]): Cycle[] {
  if (cycles.length <= MAX_NOTABLE) return cycles;
  return [...cycles]
    .sort((a, b) => a.profitLoss - b.profitLoss)
    .slice(0, MAX_NOTABLE)
    .sort((a, b) => a.closedAt - b.closedAt);
}

/**
 * The bars of each point's stretch as one candle: a point's stretch holds the bars after the
 * previous point's time up to its own (the time of the stretch's last bar).
 */
export function stretchPrices(bars: Bars, times: readonly number[]): EquityCurveData['prices'] {
  const prices: EquityCurveData['prices'] = { open: [], high: [], low: [], close: [] };
  let bar = 0;
  for (const time of times) {
    const first = bar;
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    while (bar < bars.t.length && (bars.t[bar] as number) <= time) {
      high = Math.max(high, bars.h[bar] as number);
      low = Math.min(low, bars.l[bar] as number);
      bar++;
    }
    // A stretch always holds its own last bar; should one be empty, it repeats the last close.
    const last = Math.max(0, bar - 1);
    prices.open.push((bar > first ? bars.o[first] : bars.c[last]) as number);
    prices.high.push(bar > first ? high : (bars.c[last] as number));
    prices.low.push(bar > first ? low : (bars.c[last] as number));
    prices.close.push(bars.c[last] as number);
  }
  return prices;
}

export class EquityCurveService {
  constructor(
    private readonly backtests: BacktestsService,
    private readonly instruments: InstrumentsService,
    private readonly prices: PriceHistory,
    private readonly engine: CurveEngine,
  ) {}

  async curve(viewer: Viewer, backtestId: string, row: number): Promise<EquityCurveData> {
    const backtest = await this.backtests.getStored(viewer, backtestId);
    if (backtest.isCompleted !== JOB_STATUS.done) throw conflict(EQUITY_CURVE_MESSAGES.notDone);
    const result = backtest.results?.[row];
    if (!result) throw notFound(EQUITY_CURVE_MESSAGES.rowNotFound);
    const stored = await this.prices.loadBars(backtest.market, '1m');
    const period = stored && barsInPeriod(stored, backtest.fromDay, backtest.toDay);
    // The bars were there when the backtest ran; an admin may have replaced the market's since.
    if (!period || period.t.length === 0) throw conflict(BACKTEST_MESSAGES.noData);
    // A range that held the end of its period back ranked its rows on the bars before: the curve is theirs.
    const holdOut = backtest.config.type === 'range' ? (backtest.config.holdOut ?? 0) : 0;
    const split = holdOutSplit(period.t, holdOut);
    const bars = split === period.t.length ? period : sliceBars(period, 0, split);

    const instrument = await this.instruments.get(backtest.market);
    const params: GridParams = {
      size: result.size,
      addizionale: result.addizionale,
      mediazione: result.mediazione,
      target: result.target,
      multiplier: result.multiplier,
      worst: backtest.config.worst,
      safeWorst: backtest.config.safeWorst,
      capital: backtest.capital,
      leverage: backtest.leverage,
      dynamic: backtest.dynamic,
      close: backtest.close,
    };
    const started = performance.now();
    const curve = await this.engine.equityCurve({
      market: backtest.market,
      bars,
      // As the backtest handler builds it: the prepared bars it left are found by this object.
      instrument: {
        point: instrument.point,
        contractSize: instrument.contractSize,
        spreadPoints: instrument.spreadPoints,
      },
      fx: await loadFxCloses(this.prices),
      params,
    });
    const computeMs = performance.now() - started;
    return {
      market: backtest.market,
      from: backtest.fromDay,
      to: backtest.toDay,
      row,
      capital: curve.capital,
      points: {
        time: curve.time,
        balance: curve.balance.map(cents),
        equity: curve.equity.map(cents),
        drawdown: curve.drawdown.map(basisPoints),
        cycles: curve.cycles,
        stops: curve.stops,
        opens: curve.opens,
      },
      prices: stretchPrices(bars, curve.time),
      notable: notableShown(curve.notable),
      profit: curve.profit,
      openPnl: curve.openPnl,
      finalBalance: curve.capital + curve.profit,
      finalEquity: curve.capital + curve.profit + curve.openPnl,
      maxDrawdown: curve.maxDrawdown,
      trades: curve.trades,
      stops: curve.stopCount,
      peakAt: curve.peakAt,
      troughAt: curve.troughAt,
      overflowAt: curve.overflowAt,
      underwater: curve.underwater,
      computeMs,
    };
  }
}
