// What the drift check measures (drift.ts) for each watched investment: the prices its bot traded
// on since its start (the investment chart's: the feed's candles, stored and in memory, and the
// stored 1m bars before them), the grid it was handed, and what it booked (its transactions and
// the filled entries of its open cycle). A market's prices are read once for all its investments,
// and the engine's runs take turns with the server's other work.
import type { Market } from '@platform/contracts';
import type { AlgorithmRow, InvestmentRow } from '@platform/db';
import { fallbackFx, fxFromCloses, lowerBound, sliceBars, type Bars } from '@platform/engine';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { InstrumentsService } from '../instruments/instruments.service';
import type { ChartPrices, PriceColumns } from '../investments/chart-prices';
import type { InvestmentChartRepository } from '../investments/investment-chart.repository';
import { liveGridParams } from '../bots/live-grid-params';
import { loadFxCloses } from '../marketdata/fx-closes';
import type { PriceHistory } from '../marketdata/price-history';
import { measureDrift, type Drift } from './drift';

/** A running investment whose owner asked to be told of a drift. */
export interface WatchedInvestment {
  investmentId: string;
  market: Market;
  createdAt: Date;
  investment: Pick<InvestmentRow, 'size' | 'additional' | 'capital' | 'leverage'>;
  algorithm: Pick<AlgorithmRow, 'config'>;
}

export interface DriftMeterDeps {
  /** The prices an investment's chart is drawn on (investments/chart-prices.ts). */
  prices: ChartPrices;
  /** The stored bars, for the EURUSD closes of fx(d). */
  history: PriceHistory;
  instruments: Pick<InstrumentsService, 'get'>;
  booked: Pick<InvestmentChartRepository, 'firstOpenedAt' | 'cyclesIn' | 'openEntries'>;
}

const toBars = (columns: PriceColumns): Bars => ({
  t: Float64Array.from(columns.t),
  o: Float64Array.from(columns.o),
  h: Float64Array.from(columns.h),
  l: Float64Array.from(columns.l),
  c: Float64Array.from(columns.c),
});

/** From the bar under way at `start` (its prices are the first the bot could see) to the last. */
function barsFrom(bars: Bars, start: number): Bars {
  const first = lowerBound(bars.t, start);
  const from = first > 0 && bars.t[first] !== start ? first - 1 : first;
  return sliceBars(bars, from, bars.t.length);
}

export class DriftMeter {
  constructor(private readonly deps: DriftMeterDeps) {}

  /** Each investment's drift up to `now` (none for one without prices yet), by investment id. */
  async measure(watched: readonly WatchedInvestment[], now: number): Promise<Map<string, Drift>> {
    const drifts = new Map<string, Drift>();
    if (watched.length === 0) return drifts;
    const closes = await loadFxCloses(this.deps.history);
    const fx = closes ? fxFromCloses(closes.t, closes.c) : fallbackFx();
    const markets = new Map<Market, WatchedInvestment[]>();
    for (const investment of watched)
      markets.set(investment.market, [...(markets.get(investment.market) ?? []), investment]);

    for (const [market, investments] of markets) {
      // Where each one began: when it was added, or its first trade if the clocks say earlier.
      const starts = await Promise.all(
        investments.map(async ({ investmentId, createdAt }) => {
          const first = await this.deps.booked.firstOpenedAt({ investmentId, ownerId: undefined });
          return Math.min(createdAt.getTime(), first?.getTime() ?? Number.POSITIVE_INFINITY);
        }),
      );
      const bars = toBars(await this.deps.prices.bars(market, Math.min(...starts), now));
      const instrument = await this.deps.instruments.get(market);
      for (const [index, watch] of investments.entries()) {
        await nextTurn();
        const start = starts[index] as number;
        const drift = measureDrift({
          bars: barsFrom(bars, start),
          params: liveGridParams(watch.investment, watch.algorithm),
          instrument: {
            point: instrument.point,
            contractSize: instrument.contractSize,
            spreadPoints: instrument.spreadPoints,
          },
          fx,
          ...(await this.booked(watch.investmentId, start, now)),
        });
        if (drift) drifts.set(watch.investmentId, drift);
      }
    }
    return drifts;
  }

  private async booked(investmentId: string, start: number, now: number) {
    const [cycles, entries] = await Promise.all([
      this.deps.booked.cyclesIn({ investmentId, ownerId: undefined }, new Date(start), new Date(now)),
      this.deps.booked.openEntries(investmentId),
    ]);
    return {
      cycles: cycles.map((cycle) => ({
        openedAt: cycle.openedAt.getTime(),
        closedAt: cycle.closedAt.getTime(),
        lots: cycle.lots,
        entryPrice: cycle.entryPrice,
        profitLoss: cycle.profitLoss,
      })),
      positions: entries.map((entry) => ({
        openedAt: (entry.confirmedAt ?? entry.createdAt).getTime(),
        lots: entry.lots,
        price: entry.fillPrice ?? entry.bid,
      })),
    };
  }
}
