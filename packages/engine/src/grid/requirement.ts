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
  const step = toMilliPoints(params.mediazione);
  const worst = toMilliPoints(params.worst);
  const levels = Math.floor(worst / step);
  const spread = toMilliPoints(instrument.spreadPoints);
  const top = Math.round(highest * milliPointsPerUnit(instrument));
  const worstPrice = top - worst;
  const lots = entryLots(params, levels, 1);
  let lotMilliPoints = 0;
  for (let level = 0; level <= levels; level++) {
    const quantity = lots[level] as number;
    if (quantity === 0) continue;
    const price = top - level * step;
    lotMilliPoints += quantity * (price + spread - worstPrice + worstPrice / params.leverage);
  }
  return ((lotMilliPoints * usdPerLotHundredthMilliPoint(instrument)) / fx / params.capital) * 100;
}
