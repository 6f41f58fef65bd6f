// What the grid's decision core says and keeps (grid-stepper.ts): the price events it is fed, the
// decisions it answers, a cycle's fills as a bot stores them, and the band of prices where it
// decides nothing. In a file of their own so that the stepper, the standing orders and the
// runtime share them without importing one another.
export type PriceEventKind = 'open' | 'jump' | 'move';

export type ExitReason = 'take-profit' | 'stop' | 'close';

/** Buy `lots` hundredths at `fill` (the bid it was decided on plus the spread). */
export interface EnterDecision {
  kind: 'enter';
  /** 0 for the cycle's first entry, 1..N for the averaging levels. */
  level: number;
  lots: number;
  /** Milli-points: the bid the decision was taken on, and the fill (bid + spread). */
  bid: number;
  fill: number;
}

/** Close the whole cycle at `bid`. */
export interface ExitDecision {
  kind: 'exit';
  reason: ExitReason;
  /** Milli-points; a take profit inside a move is met exactly, so it may be fractional (fine point 7). */
  bid: number;
  /** The cycle's lots and its lots × fill, in hundredths and hundredths × milli-points. */
  quantity: number;
  cost: number;
  /** What the cycle realised, in USD and in EUR at the exit's rate. */
  usd: number;
  eur: number;
}

export type GridDecision = EnterDecision | ExitDecision;

export interface Fill {
  level: number;
  lots: number;
  /** Milli-points, spread included. */
  price: number;
}

/**
 * The prices at which a step decides nothing and changes nothing that a later step reads: a bot's
 * feed may keep them from it (DESIGN.md section 7). Strictly between `above` and `below`
 * (milli-points, ±Infinity for no bound) a price of any kind is quiet; a bar's open outside the
 * band, or anywhere when `opensQuiet` is false, is not.
 */
export interface QuietBand {
  above: number;
  below: number;
  opensQuiet: boolean;
}

/** An open cycle as a bot stores it: enough to carry on after a restart. */
export interface OpenCycle {
  /** P0, milli-points. */
  start: number;
  /** f of the cycle (fine point 11). */
  scale: number;
  fills: Fill[];
}
