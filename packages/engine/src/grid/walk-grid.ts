// A grid run through the decision core (grid-stepper.ts): every bar's open, then the three
// segments of its path (engine.md section 2), as price events. It reports what a backtest
// reports (engine.md section 4) and every closed cycle, the way a live bot records them, so the
// two can be held to each other. It walks every bar; the fast engine (run-grid.ts) is what
// backtests use for speed, and the property tests hold both to the reference simulator.
import { utcDay, type Bars } from '../bars';
import type { FxCurve } from '../fx';
import type { ExitReason, GridDecision } from './decisions';
import { GridStepper } from './grid-stepper';
import type { GridParams, InstrumentSpec, RunResult } from './params';
import { gridRequirements, NO_REQUIREMENTS } from './requirement';

/** A closed cycle, as a live bot writes it into a transaction. */
export interface ClosedCycle {
  reason: ExitReason;
  /** Lots, and prices in price units: the volume-weighted entry (spread included) and the exit bid. */
  lots: number;
  entryPrice: number;
  exitPrice: number;
  openedAt: number;
  closedAt: number;
  /** EUR at the exit day's rate. */
  profitLoss: number;
}

export interface WalkResult {
  result: RunResult;
  cycles: ClosedCycle[];
}

/** The bar path of engine.md section 2 after the open: o -> l -> h -> c, or o -> h -> l -> c. */
export function barPath(open: number, high: number, low: number, close: number): [number, number, number] {
  return close >= open ? [low, high, close] : [high, low, close];
}

export function walkGrid(
  bars: Bars,
  params: GridParams,
  instrument: InstrumentSpec,
  fx: FxCurve,
): WalkResult {
  const base = {
    size: params.size,
    addizionale: params.addizionale,
    mediazione: params.mediazione,
    target: params.target,
    multiplier: params.multiplier,
  };
  const count = bars.t.length;
  const cycles: ClosedCycle[] = [];
  if (count === 0) {
    const result = {
      profit: 0,
      interest: 0,
      trades: 0,
      stops: 0,
      ...NO_REQUIREMENTS,
      maxDrawdown: 0,
      timeUnderWater: 0,
      openPnl: 0,
      ...base,
      overflow: false,
      overflowAt: null,
    };
    return { result, cycles };
  }

  const rate = (time: number) => fx.rateOnDay(utcDay(time));
  const stepper = new GridStepper({ params, instrument, fxRate: rate });
  const perUnit = stepper.perUnit;
  let trades = 0;
  let stops = 0;
  let peak = params.capital;
  let maxDrawdown = 0;
  let openedAt = 0;
  // Time under water (RunResult): the longest time between two new highs of equity.
  let highTime = bars.t[0] as number;
  let timeUnderWater = 0;
  let opened = false;

  /** maxDrawdown samples equity after every event and at every close (fine point 10). */
  const sample = (price: number, time: number) => {
    const equity = params.capital + stepper.realised + stepper.floatingUsd(price) / rate(time);
    if (equity > peak) {
      peak = equity;
      timeUnderWater = Math.max(timeUnderWater, time - highTime);
      highTime = time;
    }
    const drawdown = ((peak - equity) / peak) * 100;
    if (drawdown > maxDrawdown) maxDrawdown = drawdown;
  };
  const record = (decisions: readonly GridDecision[], time: number) => {
    for (const decision of decisions) {
      if (decision.kind === 'enter') {
        if (decision.level === 0) {
          openedAt = time;
          opened = true;
        }
        continue;
      }
      trades++;
      if (decision.reason === 'stop') stops++;
      const lots = decision.quantity / 100;
      cycles.push({
        reason: decision.reason,
        lots,
        entryPrice: decision.cost / decision.quantity / perUnit,
        exitPrice: decision.bid / perUnit,
        openedAt,
        closedAt: time,
        profitLoss: decision.eur,
      });
    }
  };

  for (let bar = 0; bar < count; bar++) {
    const time = bars.t[bar] as number;
    const open = stepper.toMilli(bars.o[bar] as number);
    record(stepper.step('open', open, time), time);
    // Left the exact range at this open, with no cycle open: the run ends with what it has.
    if (stepper.overflowAt !== null) break;
    sample(open, time);
    const path = barPath(
      open,
      stepper.toMilli(bars.h[bar] as number),
      stepper.toMilli(bars.l[bar] as number),
      stepper.toMilli(bars.c[bar] as number),
    );
    for (const price of path) {
      record(stepper.step('move', price, time), time);
      sample(price, time);
    }
  }

  const lastTime = bars.t[count - 1] as number;
  const lastClose = stepper.toMilli(bars.c[count - 1] as number);
  let openPnl = 0;
  if (params.close) {
    const exit = stepper.closeAt(lastClose, lastTime);
    if (exit) record([exit], lastTime);
  } else {
    openPnl = stepper.floatingUsd(lastClose) / rate(lastTime);
  }

  const end = stepper.overflowAt ?? lastTime;
  timeUnderWater = opened ? Math.max(timeUnderWater, end - highTime) : 0;

  let highest = -Infinity;
  for (let bar = 0; bar < count; bar++) highest = Math.max(highest, bars.h[bar] as number);
  const profit = stepper.realised;
  const result: RunResult = {
    profit,
    interest: (profit / params.capital) * 100,
    trades,
    stops,
    ...gridRequirements(params, instrument, highest, rate(bars.t[0] as number)),
    maxDrawdown,
    timeUnderWater,
    openPnl,
    ...base,
    overflow: stepper.overflowAt !== null,
    overflowAt: stepper.overflowAt,
  };
  return { result, cycles };
}
