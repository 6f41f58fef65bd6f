// requirement (engine.md section 4, fine point 12): the percent of capital needed to carry the
// full grid from the period's highest price down to the worst distance without a margin call.
import {
  entryLots,
  milliPointsPerUnit,
  toMilliPoints,
  usdPerLotHundredthMilliPoint,
  type GridParams,
  type InstrumentSpec,
} from './params';

/** highest: the highest h of the period (price units); fx: the rate of the first bar's day. */
export function gridRequirement(
  params: GridParams,
  instrument: InstrumentSpec,
  highest: number,
  fx: number,
): number {
  return gridRequirements(params, instrument, highest, fx).requirement;
}

/** requirement, and what the same grid needs at the platform's two leverages (issue 36). */
export interface Requirements {
  requirement: number;
  /** At 1:20, the most a retail account takes, and at 1:200, the most a pro account takes. */
  requirement20: number;
  requirement200: number;
}

/** A period with no bars needs nothing (fine point 13). */
export const NO_REQUIREMENTS: Requirements = { requirement: 0, requirement20: 0, requirement200: 0 };

/**
 * The run's requirement at its own leverage, at 1:20 and at 1:200: the same formula, prices and
 * rate, in one pass over the levels (each sum term for term as it would be alone).
 */
export function gridRequirements(
  params: GridParams,
  instrument: InstrumentSpec,
  highest: number,
  fx: number,
): Requirements {
  const step = toMilliPoints(params.mediazione);
  const worst = toMilliPoints(params.worst);
  const levels = Math.floor(worst / step);
  const spread = toMilliPoints(instrument.spreadPoints);
  const top = Math.round(highest * milliPointsPerUnit(instrument));
  const worstPrice = top - worst;
  const lots = entryLots(params, levels, 1);
  let own = 0;
  let at20 = 0;
  let at200 = 0;
  for (let level = 0; level <= levels; level++) {
    const quantity = lots[level] as number;
    if (quantity === 0) continue;
    const price = top - level * step;
    own += quantity * (price + spread - worstPrice + worstPrice / params.leverage);
    at20 += quantity * (price + spread - worstPrice + worstPrice / 20);
    at200 += quantity * (price + spread - worstPrice + worstPrice / 200);
  }
  const percent = (lotMilliPoints: number) =>
    ((lotMilliPoints * usdPerLotHundredthMilliPoint(instrument)) / fx / params.capital) * 100;
  return { requirement: percent(own), requirement20: percent(at20), requirement200: percent(at200) };
}
