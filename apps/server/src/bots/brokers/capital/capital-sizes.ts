// Engine lots and Capital.com sizes (issue: "the right size"). A lot of the engine is the
// instrument's contract size in units (engine.md section 1: a GOLD lot is 100 oz, an EURUSD lot
// 100,000 EUR, a NASDAQ lot 1 $-per-point contract); Capital.com's `size` counts its own units, a
// size of 1 standing for `lotSize` units of the underlying (what a size of 1 makes on a move of
// 1). So size = lots × contract size ÷ lotSize, rounded to the market's size step; back again for
// what the broker dealt. Prices the broker holds are rounded to its decimals: stops down and take
// profits up, so that neither fires before the grid's own level would.
import type { DealingDistance } from './capital-schemas';

export interface DealingRules {
  lotSize: number;
  minDealSize: number;
  maxDealSize: number;
  /** The size's step (minSizeIncrement). */
  sizeStep: number;
  /** Decimals of the market's prices (snapshot.decimalPlacesFactor). */
  decimals: number;
  /** How near the price a stop or take profit may lie, when the market says. */
  minStopDistance: DealingDistance | null;
}

/** Capital.com's size for engine lots, rounded down to the market's step: never more than the grid decided. */
export function sizeOfLots(lots: number, contractSize: number, rules: DealingRules): number {
  const steps = Math.floor(exactSize(lots, contractSize, rules) / rules.sizeStep + 1e-9);
  return roundTo(steps * rules.sizeStep, decimalsOf(rules.sizeStep));
}

/** The size the lots are before rounding to the step. */
function exactSize(lots: number, contractSize: number, rules: DealingRules): number {
  return roundTo((lots * contractSize) / rules.lotSize, 10);
}

/** Engine lots for a size Capital.com dealt. */
export function lotsOfSize(size: number, contractSize: number, rules: DealingRules): number {
  return roundTo((size * rules.lotSize) / contractSize, 10);
}

/** Why Capital.com would refuse some of these lots on the epic, in words its owner can act on; null when it deals them all. */
export function sizeProblem(
  lots: readonly number[],
  contractSize: number,
  rules: DealingRules,
  epic: string,
): string | null {
  for (const order of lots) {
    const size = sizeOfLots(order, contractSize, rules);
    const exact = exactSize(order, contractSize, rules);
    if (size < rules.minDealSize)
      return `La griglia invia ordini da ${order} lotti, cioè ${exact} su ${epic} a Capital.com, che ne accetta almeno ${rules.minDealSize}: aumenta size o addizionale dell'investimento.`;
    if (size > rules.maxDealSize)
      return `La griglia invia ordini da ${order} lotti, cioè ${exact} su ${epic} a Capital.com, che ne accetta al massimo ${rules.maxDealSize}: riduci size o addizionale dell'investimento.`;
  }
  return null;
}

/** A stop on the market's price grid, never above the level asked. */
export const stopPrice = (level: number, rules: DealingRules) => roundDown(level, rules.decimals);

/** A take profit on the market's price grid, never under the level asked. */
export const profitPrice = (level: number, rules: DealingRules) => roundUp(level, rules.decimals);

/** A limit level on the market's price grid (the grid's levels lie on it already). */
export const limitPrice = (level: number, rules: DealingRules) => roundTo(level, rules.decimals);

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function roundDown(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.floor(value * factor + 1e-7) / factor;
}

function roundUp(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.ceil(value * factor - 1e-7) / factor;
}

function decimalsOf(step: number): number {
  let decimals = 0;
  while (decimals < 10 && Math.abs(step * 10 ** decimals - Math.round(step * 10 ** decimals)) > 1e-9)
    decimals++;
  return decimals;
}
