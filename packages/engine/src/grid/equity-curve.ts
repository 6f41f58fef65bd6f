// The balance and equity curve of one grid run (issue 36): the run of a backtest row made again
// on demand, through the decision core (grid-stepper.ts), bar by bar as walk-grid.ts does, with
// what a chart needs recorded on the way. Nothing here decides: every decision is the stepper's,
// and equity is sampled where engine.md fine point 10 samples it, so the curve's last point is the
// row's capital + profit (+ openPnl) and its worst drawdown the row's maxDrawdown.
//
// Speed: a whole-span GOLD row is 6 M bars. A bar in which every price lies strictly inside the
// stepper's quiet band (QuietBand: no decision and no state a later step reads) is not handed to
// it; only the equity samples are taken, from the bar's lowest and highest price, since within a
// cycle and a day's rate equity increases with the price. The next bar handed over starts with its
// open, a jump, which needs no previous price.
import { utcDay, type Bars } from '../bars';
import type { FxCurve } from '../fx';
import type { ExitReason, GridDecision, QuietBand } from './decisions';
import { GridStepper } from './grid-stepper';
import type { GridParams, InstrumentSpec } from './params';
import { prepareBars, type BlockLevel, type PreparedBars } from './prepared-bars';

/** Bars of the period per point of the curve: the curve has at most this many points. */
export const DEFAULT_CURVE_POINTS = 1500;

/** A closed cycle, for the chart's markers. */
export interface CurveCycle {
  reason: ExitReason;
  openedAt: number;
  closedAt: number;
  /** EUR at the exit day's rate. */
  profitLoss: number;
}

/**
 * The curve as columns, one entry per point: each point closes a stretch of bars (the last point
 * the period) and carries the balance and the equity at the close of its last bar, the worst
 * drawdown reached inside the stretch, and the cycles closed in it.
 */
export interface EquityCurve {
  /** Open time (ms) of the stretch's last bar. */
  time: number[];
  /** EUR: capital + realised. */
  balance: number[];
  /** EUR: balance + the open cycle's floating P/L at the bar's close. */
  equity: number[];
  /** Percent: the largest fall from the running peak inside the stretch (fine point 10). */
  drawdown: number[];
  /** Cycles closed in the stretch, and of them those closed by the stop. */
  cycles: number[];
  stops: number[];
  /** Cycles opened in the stretch (their first entry): with cycles, a chart's entry and exit markers. */
  opens: number[];
  /** Every cycle closed by the safety stop, and the end close if any: the rare ones a reader looks for. */
  notable: CurveCycle[];
  capital: number;
  /** The row's figures, as the run reports them (engine.md section 4). */
  profit: number;
  openPnl: number;
  maxDrawdown: number;
  trades: number;
  stopCount: number;
  /** The worst drawdown's peak and trough (ms); null when equity never fell. */
  peakAt: number | null;
  troughAt: number | null;
  /** When the run stopped at the exact range (fine point 1), as the row's overflowAt. */
  overflowAt: number | null;
  /**
   * The longest time under water: from the first moment equity is below its running peak to the
   * first one it is back at it (or the end of the period: recovered false). Times are those of
   * the bars (ms); null when equity never fell below a peak.
   */
  underwater: Underwater | null;
}

export interface Underwater {
  from: number;
  to: number;
  recovered: boolean;
}

export interface EquityCurveOptions {
  /** At most this many points (default DEFAULT_CURVE_POINTS). */
  points?: number;
}

/** The curve of a run over bars not prepared yet (prepared here: tests, one-off runs). */
export function equityCurve(
  bars: Bars,
  params: GridParams,
  instrument: InstrumentSpec,
  fx: FxCurve,
  options: EquityCurveOptions = {},
): EquityCurve {
  return equityCurvePrepared(prepareBars(bars, instrument, fx), bars, params, fx, options);
}

/**
 * The curve of a run over prepared bars (the ones a backtest of the same bars prepared: the server
 * keeps them) and the same bars as they are, which the bars handed to the stepper are read from.
 */
export function equityCurvePrepared(
  prepared: PreparedBars,
  bars: Bars,
  params: GridParams,
  fx: FxCurve,
  options: EquityCurveOptions = {},
): EquityCurve {
  return new CurveWalk(prepared, bars, params, fx, options).run();
}

/**
 * One walk. Its state lives in fields rather than in variables shared by closures, which V8
 * boxes (run-grid.ts says why at length).
 */
class CurveWalk {
  private readonly stepper: GridStepper;
  private readonly curve: EquityCurve;
  private readonly pointBars: number;
  private readonly capital: number;

  /** fx of the bar at hand: the run of one rate that holds it, and where that run ends. */
  private rate = 1;
  private rateRun = 0;
  private rateRunEnd = 0;

  private peak = 0;
  private peakTime = 0;
  private maxDrawdown = 0;
  private worstPeakTime = 0;
  private worstTime = -1;
  /** The stretch of bars being gathered into the next point, and the bar that ends it. */
  private stretchEnd = 0;
  private stretchDrawdown = 0;
  private stretchCycles = 0;
  private stretchStops = 0;
  private stretchOpens = 0;
  private openedAt = 0;
  /** When equity went under its peak (-1: it is at it), and the longest stretch under it so far. */
  private underwaterSince = -1;
  private underwater: Underwater | null = null;
  /** The prices of the bar read last (readBar), milli-points. */
  private open = 0;
  private high = 0;
  private low = 0;
  private close = 0;
  /** The first malformed bar (prepared.malformed) not behind the bar at hand. */
  private malformedIndex = 0;

  constructor(
    private readonly prepared: PreparedBars,
    private readonly bars: Bars,
    private readonly params: GridParams,
    private readonly fx: FxCurve,
    options: EquityCurveOptions,
  ) {
    this.stepper = new GridStepper({
      params,
      instrument: prepared.instrument,
      fxRate: (time) => fx.rateOnDay(utcDay(time)),
    });
    this.capital = params.capital;
    this.peak = params.capital;
    this.peakTime = prepared.count > 0 ? (prepared.times[0] as number) : 0;
    const points = Math.max(1, options.points ?? DEFAULT_CURVE_POINTS);
    this.pointBars = Math.max(1, Math.ceil(prepared.count / points));
    this.stretchEnd = Math.min(this.pointBars, prepared.count);
    this.curve = {
      time: [],
      balance: [],
      equity: [],
      drawdown: [],
      cycles: [],
      stops: [],
      opens: [],
      notable: [],
      capital: params.capital,
      profit: 0,
      openPnl: 0,
      maxDrawdown: 0,
      trades: 0,
      stopCount: 0,
      peakAt: null,
      troughAt: null,
      overflowAt: null,
      underwater: null,
    };
  }

  run(): EquityCurve {
    const { prepared, stepper, curve } = this;
    const count = prepared.count;
    if (count === 0) return curve;
    const { times, close: closes, pathMin, pathMax, levels } = prepared;
    const finestMask = levels.length > 0 ? (levels[0] as BlockLevel).size - 1 : -1;
    let band = stepper.quietBand();
    let bar = 0;
    while (bar < count) {
      if (bar >= this.rateRunEnd) this.moveToRate(bar);
      let end = bar + 1;
      let quiet = false;
      if (band.opensQuiet) {
        // The coarsest block starting here in which no price leaves the band, the rate holds and
        // equity sets no new high nor a new worst drawdown: its lowest price says all it does.
        if ((bar & finestMask) === 0) {
          for (let level = levels.length - 1; level >= 0; level--) {
            const blocks = levels[level] as BlockLevel;
            if ((bar & (blocks.size - 1)) !== 0) continue;
            const blockEnd = Math.min(bar + blocks.size, count);
            if (blockEnd > this.stretchEnd) continue;
            const block = bar >> blocks.shift;
            const lowest = blocks.minPrice[block] as number;
            const highest = blocks.maxPrice[block] as number;
            if (lowest <= band.above || highest >= band.below) continue;
            if (blocks.minRate[block] !== blocks.maxRate[block]) continue;
            // Under the peak all along: under water from the block's first open on, if not before.
            if (this.equityAt(highest) >= this.peak) continue;
            if (!this.harmless(this.equityAt(lowest))) continue;
            if (this.underwaterSince < 0) this.underwaterSince = times[bar] as number;
            end = blockEnd;
            quiet = true;
            break;
          }
        }
        if (!quiet && (pathMin[bar] as number) > band.above && (pathMax[bar] as number) < band.below) {
          // Nothing decides in this bar: equity moves with the price alone, and rises with it.
          quiet = true;
          const time = times[bar] as number;
          const top = this.equityAt(pathMax[bar] as number);
          const bottom = this.equityAt(pathMin[bar] as number);
          // Below the peak all along, or flat (no cycle open): the lowest sample says all. Else
          // the samples in the path's order, which tell a new high, a recovery and a new dip apart.
          if (top < this.peak || top === bottom) this.sample(bottom, time);
          else this.sampleBar(bar, time);
        }
      }
      if (!quiet) {
        const time = times[bar] as number;
        this.readBar(bar);
        const { open, close } = this;
        this.record(stepper.step('open', open, time), time);
        // Left the exact range at this open, with no cycle open: the run ends with what it has.
        if (stepper.overflowAt !== null) break;
        this.sample(this.equityAt(open), time);
        band = stepper.quietBand();
        // The path of engine.md section 2 (barPath), without an array per bar. A point of it inside
        // the band decides nothing either: only those outside go to the stepper, and the band
        // changes only with what it decides.
        const rising = close >= open;
        band = this.move(rising ? this.low : this.high, time, band);
        band = this.move(rising ? this.high : this.low, time, band);
        band = this.move(close, time, band);
      }
      bar = end;
      if (bar === this.stretchEnd && bar < count) {
        this.closeStretch(times[bar - 1] as number, this.equityAt(closes[bar - 1] as number));
        this.stretchEnd = Math.min(bar + this.pointBars, count);
      }
    }

    const lastBar = Math.min(bar, count - 1);
    const lastTime = times[lastBar] as number;
    const lastClose = stepper.toMilli(this.bars.c[lastBar] as number);
    if (this.params.close) {
      const exit = stepper.closeAt(lastClose, lastTime);
      if (exit) this.record([exit], lastTime);
    } else {
      curve.openPnl = stepper.floatingUsd(lastClose) / this.fx.rateOnDay(utcDay(lastTime));
    }
    curve.profit = stepper.realised;
    this.closeStretch(lastTime, this.capital + curve.profit + curve.openPnl);
    curve.maxDrawdown = this.maxDrawdown;
    if (this.worstTime >= 0) {
      curve.peakAt = this.worstPeakTime;
      curve.troughAt = this.worstTime;
    }
    curve.overflowAt = stepper.overflowAt;
    if (this.underwaterSince >= 0) this.surface(lastTime, false);
    curve.underwater = this.underwater;
    return curve;
  }

  /** The bar's open, high, low and close in milli-points, as the stepper reads prices. */
  private readBar(bar: number): void {
    // The prepared columns hold them already: a well-formed bar's high and low are its path's
    // highest and lowest prices; a malformed one's are kept aside (fine point 8).
    const { prepared } = this;
    const { malformed } = prepared;
    this.open = prepared.open[bar] as number;
    this.close = prepared.close[bar] as number;
    while (
      this.malformedIndex < malformed.bars.length &&
      (malformed.bars[this.malformedIndex] as number) < bar
    )
      this.malformedIndex++;
    if (malformed.bars[this.malformedIndex] === bar) {
      this.high = malformed.high[this.malformedIndex] as number;
      this.low = malformed.low[this.malformedIndex] as number;
    } else {
      this.high = prepared.pathMax[bar] as number;
      this.low = prepared.pathMin[bar] as number;
    }
  }

  /** A move of the bar's path to `price`: handed to the stepper unless it is quiet; the band after it. */
  private move(price: number, time: number, band: QuietBand): QuietBand {
    if (price > band.above && price < band.below) {
      this.sample(this.equityAt(price), time);
      return band;
    }
    const decisions = this.stepper.step('move', price, time);
    this.sample(this.equityAt(price), time);
    if (decisions.length === 0) return band;
    this.record(decisions, time);
    return this.stepper.quietBand();
  }

  /** Every sample of a bar in which nothing decides: its open, then its path (barPath). */
  private sampleBar(bar: number, time: number): void {
    this.readBar(bar);
    const { open, high, low, close } = this;
    const rising = close >= open;
    this.sample(this.equityAt(open), time);
    this.sample(this.equityAt(rising ? low : high), time);
    this.sample(this.equityAt(rising ? high : low), time);
    this.sample(this.equityAt(close), time);
  }

  private moveToRate(bar: number): void {
    const { rateRunStarts, runRates } = this.prepared;
    while ((rateRunStarts[this.rateRun + 1] as number) <= bar) this.rateRun++;
    this.rate = runRates[this.rateRun] as number;
    this.rateRunEnd = rateRunStarts[this.rateRun + 1] as number;
  }

  /** EUR equity at a bid (milli-points), at the rate of the bar at hand (fine point 10). */
  private equityAt(price: number): number {
    return this.capital + this.stepper.realised + this.stepper.floatingUsd(price) / this.rate;
  }

  /** True when equity at this level, under the running peak, deepens neither drawdown kept. */
  private harmless(equity: number): boolean {
    const drawdown = ((this.peak - equity) / this.peak) * 100;
    return drawdown <= this.stretchDrawdown && drawdown <= this.maxDrawdown;
  }

  private sample(equity: number, time: number): void {
    if (equity >= this.peak) {
      if (equity > this.peak) {
        this.peak = equity;
        this.peakTime = time;
      }
      if (this.underwaterSince >= 0) this.surface(time, true);
      return;
    }
    if (this.underwaterSince < 0) this.underwaterSince = time;
    const drawdown = ((this.peak - equity) / this.peak) * 100;
    if (drawdown > this.stretchDrawdown) this.stretchDrawdown = drawdown;
    if (drawdown > this.maxDrawdown) {
      this.maxDrawdown = drawdown;
      this.worstPeakTime = this.peakTime;
      this.worstTime = time;
    }
  }

  /** Equity is back at its peak (or the period ends under it): the stretch under water ends. */
  private surface(time: number, recovered: boolean): void {
    const from = this.underwaterSince;
    this.underwaterSince = -1;
    const longest = this.underwater;
    if (!longest || time - from > longest.to - longest.from) this.underwater = { from, to: time, recovered };
  }

  private record(decisions: readonly GridDecision[], time: number): void {
    const curve = this.curve;
    for (const decision of decisions) {
      if (decision.kind === 'enter') {
        if (decision.level === 0) {
          this.openedAt = time;
          this.stretchOpens++;
        }
        continue;
      }
      curve.trades++;
      this.stretchCycles++;
      if (decision.reason === 'stop') {
        curve.stopCount++;
        this.stretchStops++;
      }
      if (decision.reason !== 'take-profit')
        curve.notable.push({
          reason: decision.reason,
          openedAt: this.openedAt,
          closedAt: time,
          profitLoss: decision.eur,
        });
    }
  }

  private closeStretch(time: number, equity: number): void {
    const curve = this.curve;
    curve.time.push(time);
    curve.balance.push(this.capital + this.stepper.realised);
    curve.equity.push(equity);
    curve.drawdown.push(this.stretchDrawdown);
    curve.cycles.push(this.stretchCycles);
    curve.stops.push(this.stretchStops);
    curve.opens.push(this.stretchOpens);
    this.stretchDrawdown = 0;
    this.stretchCycles = 0;
    this.stretchStops = 0;
    this.stretchOpens = 0;
  }
}
