/**
 * The stored price sets as one thing: the bars in the bar store's files and their metadata rows,
 * kept in step, and a cache of the sets read last, since a backtest or an analysis reads a whole
 * set and the next one usually reads the same. Needs only the database and the folder, so a
 * worker process can build one of its own: the cache checks the file on every hit, so it notices
 * a merge made by another process. It is what the jobs read prices from (PriceHistory and
 * MarketCoverage in price-history.ts).
 */
import type { Market, MarketDataSet, Timeframe } from '@platform/contracts';
import type { BarColumns, BarFileVersion, BarSetSummary, BarStore, SortedBars } from '@platform/marketdata';
import type { MarketDataRepository, MarketDataSource } from './marketdata.repository';

/** What this needs of the bar store (BarStore; a fake in tests). */
export type BarSets = Pick<BarStore, 'read' | 'merge' | 'version'>;
/** What this needs of the metadata rows (MarketDataRepository; a fake in tests). */
export type MarketDataRows = Pick<MarketDataRepository, 'list' | 'find' | 'save'>;

/** The newest sources a set's row remembers; older ones drop off. */
const SOURCES_KEPT = 50;
/** Sets kept in memory, by their bytes: the three markets' 1m history of the product span fits. */
const DEFAULT_CACHE_BYTES = 800 * 1024 * 1024;
const BYTES_PER_BAR = 5 * 8;

interface CachedSet {
  bars: BarColumns;
  version: BarFileVersion;
}

export class MarketDataSets {
  /** Most recently used last. */
  private readonly cache = new Map<string, CachedSet>();
  private readonly reading = new Map<string, Promise<BarColumns | null>>();
  /** Bumped by every merge, so a read that overlapped it is not cached. */
  private readonly generation = new Map<string, number>();
  private readonly changeListeners: ((market: Market) => void)[] = [];

  constructor(
    private readonly repository: MarketDataRows,
    private readonly store: BarSets,
    private readonly cacheBytes = DEFAULT_CACHE_BYTES,
  ) {}

  async list(): Promise<MarketDataSet[]> {
    const rows = await this.repository.list();
    return rows.map((row) => ({
      market: row.market,
      timeframe: row.timeframe,
      rows: row.rows,
      first: row.firstTime?.toISOString() ?? null,
      last: row.lastTime?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  /**
   * The whole set, oldest bar first, or null when nothing is stored. Shared with other callers
   * (and the cache): read the arrays, never write to them.
   */
  async loadBars(market: Market, timeframe: Timeframe): Promise<BarColumns | null> {
    const key = `${market}-${timeframe}`;
    const cached = this.cache.get(key);
    if (cached) {
      // Another process sharing the folder may have replaced the file since.
      if (sameVersion(cached.version, await this.store.version(market, timeframe))) {
        this.cache.delete(key);
        this.cache.set(key, cached);
        return cached.bars;
      }
      this.cache.delete(key);
    }
    let pending = this.reading.get(key);
    if (!pending) {
      pending = this.readAndKeep(key, market, timeframe).finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  /**
   * Merges bars into a set (see BarStore.merge: the new bar wins a tie) and records the source in
   * its row. The row is written before the new file replaces the old one, so a failure of either
   * leaves the set as it was; only a failure of the rename itself, after the row was written,
   * would leave the row ahead of the file.
   */
  async merge(
    market: Market,
    timeframe: Timeframe,
    bars: BarColumns | SortedBars,
    source: MarketDataSource,
  ): Promise<BarSetSummary> {
    const key = `${market}-${timeframe}`;
    try {
      return await this.store.merge(market, timeframe, bars, async (summary) => {
        const current = await this.repository.find(market, timeframe);
        await this.repository.save({
          market,
          timeframe,
          rows: summary.rows,
          firstTime: summary.first === null ? null : new Date(summary.first),
          lastTime: summary.last === null ? null : new Date(summary.last),
          sources: [...(current?.sources ?? []), source].slice(-SOURCES_KEPT),
        });
      });
    } finally {
      this.generation.set(key, (this.generation.get(key) ?? 0) + 1);
      this.cache.delete(key);
      for (const listener of this.changeListeners) listener(market);
    }
  }

  /** Calls the listener after every merge into a set of this process, with the set's market. */
  onChange(listener: (market: Market) => void): void {
    this.changeListeners.push(listener);
  }

  /** First and last stored bar times (ISO) of a set, from its row; null when it holds no bar. */
  async coverage(market: Market, timeframe: Timeframe): Promise<{ first: string; last: string } | null> {
    const row = await this.repository.find(market, timeframe);
    if (!row?.firstTime || !row.lastTime || row.rows === 0) return null;
    return { first: row.firstTime.toISOString(), last: row.lastTime.toISOString() };
  }

  /** Whether the set has a file (possibly of no rows): the seeding's test of "empty". */
  async exists(market: Market, timeframe: Timeframe): Promise<boolean> {
    return (await this.store.version(market, timeframe)) !== null;
  }

  private async readAndKeep(key: string, market: Market, timeframe: Timeframe): Promise<BarColumns | null> {
    const generation = this.generation.get(key) ?? 0;
    // Taken before reading: a file replaced meanwhile is then read again next time, never missed.
    const version = await this.store.version(market, timeframe);
    if (!version) return null;
    const bars = await this.store.read(market, timeframe);
    if (bars && generation === (this.generation.get(key) ?? 0)) this.keep(key, { bars, version });
    return bars;
  }

  private keep(key: string, entry: CachedSet): void {
    this.cache.set(key, entry);
    let total = 0;
    for (const { bars } of this.cache.values()) total += bars.t.length * BYTES_PER_BAR;
    // Oldest out first; the set just read stays even when it alone is over the budget.
    for (const [oldKey, old] of this.cache) {
      if (total <= this.cacheBytes || oldKey === key) break;
      this.cache.delete(oldKey);
      total -= old.bars.t.length * BYTES_PER_BAR;
    }
  }
}

function sameVersion(a: BarFileVersion, b: BarFileVersion | null): boolean {
  return b !== null && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;
}
