// Prepared bars (engine prepared-bars.ts) kept between jobs: a backtest over bars prepared before
// skips their preparation (over the whole GOLD span, 0.1–0.2 s of both threads, most of a single
// backtest). An entry is found by what its preparation read: the very arrays of the bars and of
// the EURUSD closes, the slice of them, and the instrument. The stored sets' arrays are never
// written to, and MarketDataSets hands out the same ones until the set's file changes (an upload
// here, or a merge by another process sharing the folder: it then reads new arrays), so an entry
// can never answer for bars or rates that changed. forget() frees a market's entries as soon as an
// upload here replaces its bars; a process that takes no uploads (npm run worker) frees them when
// a job brings the market's or EURUSD's new arrays.
import type { Market } from '@platform/contracts';
import type { Bars, PreparedBars } from '@platform/engine';
import type { GridJob } from './engine-executor';

export interface PreparedJobBars {
  prepared: PreparedBars;
  /** True when some day of the bars used the 1.0 fallback rate. */
  fxFallback: boolean;
}

/** About three whole-span preparations of a market (about 150 MB each for GOLD's 6 M bars). */
const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

interface Entry {
  market: Market;
  /** Every array the preparation read, and the instrument: equal sources, equal preparation. */
  sources: readonly Float64Array[];
  instrument: string;
  /** The memory of the market's stored bars and of the EURUSD closes (null: none). */
  barsMemory: ArrayBufferLike;
  fxMemory: ArrayBufferLike | null;
  bytes: number;
  value: Promise<PreparedJobBars>;
}

const sourcesOf = (bars: Bars, fx: GridJob['fx']): Float64Array[] => [
  bars.t,
  bars.o,
  bars.h,
  bars.l,
  bars.c,
  ...(fx ? [fx.t, fx.c] : []),
];

/** The same view of the same memory: same buffer, offset and length. */
const sameView = (a: Float64Array, b: Float64Array) =>
  a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.length === b.length;

/**
 * Bytes of the prepared columns, every typed array of the preparation, its malformed bars and its
 * block levels, so that a column added to PreparedBars is counted without a word here (the times
 * are the bars' own column, counted with the stored set).
 */
function preparedBytes(prepared: PreparedBars): number {
  return [prepared, prepared.malformed, ...prepared.levels]
    .flatMap((part): unknown[] => Object.values(part))
    .filter((value): value is ArrayBufferView => ArrayBuffer.isView(value) && value !== prepared.times)
    .reduce((sum, column) => sum + column.byteLength, 0);
}

export class PreparedBarsCache {
  /** Most recently used last. */
  private entries: Entry[] = [];

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  /** Bytes held by the prepared columns of the finished entries. */
  get bytes(): number {
    return this.entries.reduce((sum, entry) => sum + entry.bytes, 0);
  }

  /** The job's bars prepared: from an entry when one matches, else by `prepare`, then kept. */
  prepared(job: GridJob, prepare: (job: GridJob) => Promise<PreparedJobBars>): Promise<PreparedJobBars> {
    const sources = sourcesOf(job.bars, job.fx);
    const instrument = JSON.stringify(job.instrument);
    const found = this.entries.find(
      (entry) =>
        entry.market === job.market &&
        entry.instrument === instrument &&
        entry.sources.length === sources.length &&
        entry.sources.every((source, index) => sameView(source, sources[index] as Float64Array)),
    );
    if (found) {
      this.entries = [...this.entries.filter((entry) => entry !== found), found];
      return found.value;
    }
    const barsMemory = job.bars.t.buffer;
    const fxMemory = job.fx?.t.buffer ?? null;
    // The store hands out only its current arrays: entries read from older ones never match again.
    this.entries = this.entries.filter(
      (other) =>
        other.fxMemory === fxMemory && (other.market !== job.market || other.barsMemory === barsMemory),
    );
    const entry: Entry = {
      market: job.market,
      sources,
      instrument,
      barsMemory,
      fxMemory,
      bytes: 0,
      value: prepare(job),
    };
    this.entries.push(entry);
    entry.value.then(
      (value) => {
        entry.bytes = preparedBytes(value.prepared);
        this.evict(entry);
      },
      () => {
        this.entries = this.entries.filter((other) => other !== entry);
      },
    );
    return entry.value;
  }

  /**
   * Drops what was prepared from a market's bars, once an upload replaced them; EURUSD's closes
   * are the fx of every market, so an upload to EURUSD drops everything.
   */
  forget(market: Market): void {
    this.entries = market === 'EURUSD' ? [] : this.entries.filter((entry) => entry.market !== market);
  }

  /** Oldest out first, down to the budget; the entry just prepared stays even when alone it is over. */
  private evict(kept: Entry): void {
    let total = this.bytes;
    this.entries = this.entries.filter((entry) => {
      if (total <= this.maxBytes || entry === kept || entry.bytes === 0) return true;
      total -= entry.bytes;
      return false;
    });
  }
}
