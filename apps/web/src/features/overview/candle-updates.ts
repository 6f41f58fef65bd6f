// How a poll's candles reach a live chart that already shows some: lightweight-charts' update()
// replaces the last bar when the time is the same and appends when it is newer, but throws on an
// older time. So a poll that continues what is shown becomes updates from the last shown candle
// on (the growing one, then the new ones), and anything else (the first candles, a gap after the
// tab slept, a feed that started again earlier) replaces the whole series.
import { LIVE_CANDLES_LIMIT, type LiveCandle } from '@platform/contracts';

/** What the chart holds: the time of its last candle and how many candles it has. */
export interface ShownCandles {
  lastTime: number;
  count: number;
}

export type CandleStep =
  | { kind: 'replace'; candles: readonly LiveCandle[]; shown: ShownCandles | null }
  | { kind: 'update'; candles: readonly LiveCandle[]; shown: ShownCandles };

/** Appending keeps old candles in the chart; past this many it starts again from the poll's window. */
export const MAX_SHOWN_CANDLES = 2 * LIVE_CANDLES_LIMIT;

function replace(candles: readonly LiveCandle[]): CandleStep {
  const last = candles.at(-1);
  return { kind: 'replace', candles, shown: last ? { lastTime: last.time, count: candles.length } : null };
}

/** `candles` are a poll's answer, oldest first. */
export function nextCandleStep(shown: ShownCandles | null, candles: readonly LiveCandle[]): CandleStep {
  const first = candles[0];
  const last = candles.at(-1);
  if (!shown || !first || !last) return replace(candles);
  const continues = first.time <= shown.lastTime && last.time >= shown.lastTime;
  if (!continues) return replace(candles);
  const fresh = candles.filter((candle) => candle.time >= shown.lastTime);
  const added = fresh.filter((candle) => candle.time > shown.lastTime).length;
  if (shown.count + added > MAX_SHOWN_CANDLES) return replace(candles);
  return { kind: 'update', candles: fresh, shown: { lastTime: last.time, count: shown.count + added } };
}
