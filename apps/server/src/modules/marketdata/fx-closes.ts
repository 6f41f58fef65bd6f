// fx(d) comes from EURUSD daily closes, else 1m closes (engine.md section 1).
import type { PriceHistory } from './price-history';

export async function loadFxCloses(
  prices: PriceHistory,
): Promise<{ t: Float64Array; c: Float64Array } | null> {
  const bars = (await prices.loadBars('EURUSD', '1d')) ?? (await prices.loadBars('EURUSD', '1m'));
  return bars && bars.t.length > 0 ? { t: bars.t, c: bars.c } : null;
}
