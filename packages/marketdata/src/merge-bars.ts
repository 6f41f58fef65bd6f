/**
 * Stored bars ∪ new bars: sorted by time, one bar per time, the new bar winning a tie (an upload
 * corrects what was there). Both sides arrive in slabs and the result leaves in record batches,
 * so a merge holds one slab of each side and one batch, never the old, new and merged sets whole.
 * Runs of bars from one side are copied as blocks: an upload that extends a set, or overlaps it
 * only at its ends, costs little more than a copy.
 */
import { BAR_COLUMNS, type BarColumns, type SortedBars } from './bar-columns';
import { orderRows } from './order-rows';

/** What a set holds after a merge: row count and the open times (ms) of its first and last bar. */
export interface BarSetSummary {
  rows: number;
  first: number | null;
  last: number | null;
}

/** Where the merged bars go, a batch at a time (BarFileWriter); the arrays are reused once write resolves. */
export interface BatchSink {
  write(bars: BarColumns): Promise<void>;
}

/** Bars per record batch of a written file: 10 MB of columns. */
const BATCH_ROWS = 1 << 18;
/** Below this, a run is copied value by value rather than through subarray views. */
const SHORT_RUN = 16;

/** The bars in time order with one bar per time (the later row of a tie kept); as given when they already are. */
export function normaliseBars(bars: BarColumns): BarColumns {
  const n = bars.t.length;
  for (const column of BAR_COLUMNS) {
    if (bars[column].length !== n)
      throw new RangeError(`bar column ${column} has ${bars[column].length} rows, t has ${n}`);
  }
  let ordered = true;
  for (let i = 1; i < n && ordered; i++) ordered = bars.t[i]! > bars.t[i - 1]!;
  if (ordered) return bars;
  const { rows } = orderRows(bars.t);
  const pick = (column: Float64Array) => {
    const out = new Float64Array(rows.length);
    for (let k = 0; k < rows.length; k++) out[k] = column[rows[k]!]!;
    return out;
  };
  return { t: pick(bars.t), o: pick(bars.o), h: pick(bars.h), l: pick(bars.l), c: pick(bars.c) };
}

/** A side of the merge: the current slab and the position in it. */
class Side {
  slab: BarColumns | null = null;
  at = 0;
  constructor(private readonly next: () => Promise<BarColumns | null> | BarColumns | null) {}

  /** Moves to the next slab with bars when this one is used up; false when the side is done. */
  async ready(): Promise<boolean> {
    while (this.slab && this.at === this.slab.t.length) {
      this.slab = await this.next();
      this.at = 0;
    }
    return this.slab !== null;
  }

  async start(): Promise<this> {
    this.slab = await this.next();
    return this;
  }
}

/** Output bars gathered into a batch, written when full; tracks what the file will hold. */
class BatchOut {
  private readonly batch: BarColumns;
  private fill = 0;
  readonly summary: BarSetSummary = { rows: 0, first: null, last: null };

  constructor(
    private readonly sink: BatchSink,
    private readonly batchRows: number,
  ) {
    this.batch = Object.fromEntries(
      BAR_COLUMNS.map((name) => [name, new Float64Array(batchRows)]),
    ) as unknown as BarColumns;
  }

  /** Copies rows [from, to) of a slab, as many as the batch has room for; answers how many. */
  take(slab: BarColumns, from: number, to: number): number {
    const count = Math.min(to - from, this.batchRows - this.fill);
    const at = this.fill;
    const batch = this.batch;
    if (count < SHORT_RUN) {
      for (let k = 0; k < count; k++) {
        batch.t[at + k] = slab.t[from + k]!;
        batch.o[at + k] = slab.o[from + k]!;
        batch.h[at + k] = slab.h[from + k]!;
        batch.l[at + k] = slab.l[from + k]!;
        batch.c[at + k] = slab.c[from + k]!;
      }
    } else {
      for (const name of BAR_COLUMNS) batch[name].set(slab[name].subarray(from, from + count), at);
    }
    this.fill += count;
    return count;
  }

  get full(): boolean {
    return this.fill === this.batchRows;
  }

  get room(): number {
    return this.batchRows - this.fill;
  }

  async flush(): Promise<void> {
    if (this.fill === 0) return;
    const rows = this.fill;
    const batch = Object.fromEntries(
      BAR_COLUMNS.map((name) => [name, this.batch[name].subarray(0, rows)]),
    ) as unknown as BarColumns;
    this.summary.first ??= batch.t[0]!;
    this.summary.last = batch.t[rows - 1]!;
    this.summary.rows += rows;
    this.fill = 0;
    await this.sink.write(batch);
  }
}

/**
 * Writes stored ∪ incoming to the sink in batches of batchRows (stored may be absent) and answers
 * what was written. Both sides must be sorted with one bar per time.
 */
export async function mergeBars(
  stored: AsyncIterator<BarColumns> | null,
  incoming: SortedBars,
  sink: BatchSink,
  batchRows = BATCH_ROWS,
): Promise<BarSetSummary> {
  const news = incoming.slabs()[Symbol.iterator]();
  const a = await new Side(async () => (stored ? slabOf(await stored.next()) : null)).start();
  const b = await new Side(() => slabOf(news.next())).start();
  const out = new BatchOut(sink, batchRows);
  for (;;) {
    if (out.full) await out.flush();
    const hasA = await a.ready();
    const hasB = await b.ready();
    if (!hasA && !hasB) break;
    if (!hasB) {
      a.at += out.take(a.slab!, a.at, a.slab!.t.length);
      continue;
    }
    if (!hasA) {
      b.at += out.take(b.slab!, b.at, b.slab!.t.length);
      continue;
    }
    const at = a.slab!.t;
    const bt = b.slab!.t;
    const tb = bt[b.at]!;
    if (at[a.at]! < tb) {
      let end = a.at + 1;
      while (end < at.length && at[end]! < tb) end++;
      a.at += out.take(a.slab!, a.at, end);
    } else {
      // New bars up to the first stored one that is newer, dropping each stored bar of the same
      // time on the way (the new bar wins a tie): a re-upload of stored bars is one run. The run
      // stops where this stored slab ends, since the next one's first time is not known yet, and
      // where the batch is full, so that exactly the stored bars passed are dropped.
      const room = out.room;
      let end = b.at;
      let next = a.at;
      while (end < bt.length && end - b.at < room && next < at.length) {
        const t = bt[end]!;
        if (t > at[next]!) break;
        if (t === at[next]) next++;
        end++;
      }
      a.at = next;
      b.at += out.take(b.slab!, b.at, end);
    }
  }
  await out.flush();
  return out.summary;
}

function slabOf(result: IteratorResult<BarColumns>): BarColumns | null {
  return result.done ? null : result.value;
}
