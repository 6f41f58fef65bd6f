// Random bar series and grid parameters for property tests: prices on each instrument's tick
// grid, moves of the size of the grid's steps so that fills, stops and take profits all happen,
// gaps, day changes (for fx) and now and then a malformed bar (fine point 8).
import fc from 'fast-check';
import { DAY_MS, type Bars } from '../src/bars';
import { fallbackFx, fxFromCloses, type FxCurve } from '../src/fx';
import { gridParamsProblem, type GridParams, type InstrumentSpec } from '../src/grid/params';

export const INSTRUMENTS: Record<string, InstrumentSpec & { tick: number; price: number }> = {
  GOLD: { point: 0.1, contractSize: 100, spreadPoints: 3, tick: 0.01, price: 1900 },
  NASDAQ: { point: 1, contractSize: 1, spreadPoints: 2, tick: 0.25, price: 15000 },
  EURUSD: { point: 0.0001, contractSize: 100000, spreadPoints: 1, tick: 0.00001, price: 1.1 },
};

export interface Scenario {
  instrument: InstrumentSpec;
  bars: Bars;
  params: GridParams;
  fx: () => FxCurve;
}

const barShape = fc.record({
  gap: fc.oneof(
    { weight: 6, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.double({ min: -4, max: 4, noNaN: true }) },
  ),
  drift: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  up: fc.double({ min: 0, max: 1.5, noNaN: true }),
  down: fc.double({ min: 0, max: 1.5, noNaN: true }),
  nextDay: fc.oneof(
    { weight: 20, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
  malformed: fc.oneof(
    { weight: 40, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
});

const draws = {
  market: fc.constantFrom('GOLD', 'NASDAQ', 'EURUSD'),
  shapes: fc.array(barShape, { minLength: 1, maxLength: 250 }),
  stepPoints: fc.double({ min: 0.5, max: 60, noNaN: true }),
  targetPoints: fc.double({ min: 0.5, max: 80, noNaN: true }),
  levelsToWorst: fc.double({ min: 0.5, max: 12, noNaN: true }),
  stopBeyondWorst: fc.double({ min: -0.5, max: 2, noNaN: true }),
  size: fc.constantFrom<number>(0.001, 0.004, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 1.37, 2),
  ratio: fc.constantFrom(0.5, 1, 2, 0.33),
  multiplier: fc.constantFrom<number>(1, 1, 1.1, 1.5, 2),
  capital: fc.constantFrom<number>(100, 1000, 5000, 100000),
  leverage: fc.constantFrom(1, 20, 200),
  dynamic: fc.boolean(),
  close: fc.boolean(),
  withFx: fc.boolean(),
  fxSeed: fc.double({ min: 1.0, max: 1.3, noNaN: true }),
};

const scenarioOf = (overrides: Partial<typeof draws>): fc.Arbitrary<Scenario> =>
  fc.record({ ...draws, ...overrides }).map((draw) => {
    const spec = INSTRUMENTS[draw.market] as (typeof INSTRUMENTS)['GOLD'];
    const unit = spec.point * draw.stepPoints; // a move of about one grid step
    const onTick = (price: number) => Math.max(spec.tick, Math.round(price / spec.tick) * spec.tick);
    const count = draw.shapes.length;
    const bars: Bars = {
      t: new Float64Array(count),
      o: new Float64Array(count),
      h: new Float64Array(count),
      l: new Float64Array(count),
      c: new Float64Array(count),
    };
    let time = Date.UTC(2020, 5, 1, 23, 40);
    let last = spec.price;
    draw.shapes.forEach((shape, index) => {
      time += shape.nextDay ? DAY_MS : 60_000;
      const open = onTick(last + shape.gap * unit);
      const close = onTick(open + shape.drift * unit);
      let high = onTick(Math.max(open, close) + shape.up * unit);
      let low = onTick(Math.min(open, close) - shape.down * unit);
      if (shape.malformed) [high, low] = [low, high];
      bars.t[index] = time;
      bars.o[index] = open;
      bars.h[index] = high;
      bars.l[index] = low;
      bars.c[index] = close;
      last = close;
    });
    const worst = draw.stepPoints * draw.levelsToWorst;
    const params: GridParams = {
      size: draw.size,
      addizionale: draw.size * draw.ratio,
      mediazione: draw.stepPoints,
      target: draw.targetPoints,
      multiplier: draw.multiplier,
      worst,
      safeWorst: Math.max(0.5, worst + draw.stopBeyondWorst * draw.stepPoints),
      capital: draw.capital,
      leverage: draw.leverage,
      dynamic: draw.dynamic,
      close: draw.close,
    };
    const fxTimes = Float64Array.from({ length: 40 }, (_, day) => Date.UTC(2020, 4, 25) + day * DAY_MS);
    const fxCloses = fxTimes.map((_, day) => draw.fxSeed + 0.01 * Math.sin(day));
    return {
      instrument: { point: spec.point, contractSize: spec.contractSize, spreadPoints: spec.spreadPoints },
      bars,
      params,
      fx: () => (draw.withFx ? fxFromCloses(fxTimes, fxCloses) : fallbackFx()),
    };
  });

export const scenario = scenarioOf({});

/**
 * Runs that leave the range where integers are exact: huge lots and multipliers, deep grids, and
 * dynamic runs on small capitals, whose lots compound with every take profit. Only parameters
 * the API accepts (fine point 19): dynamic compounding takes them past that on its own.
 */
export const hugeScenario = scenarioOf({
  size: fc.constantFrom(0.01, 1, 100, 1e4, 1e6, 1e8),
  multiplier: fc.constantFrom(1, 1.5, 2, 3, 10),
  levelsToWorst: fc.double({ min: 0.5, max: 30, noNaN: true }),
  capital: fc.constantFrom(100, 1000, 10000),
  dynamic: fc.oneof(
    { weight: 3, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
}).filter(({ params }) => gridParamsProblem(params) === null);
