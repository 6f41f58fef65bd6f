/**
 * An import's bars while the file streams in, at about a third of the memory of Float64 columns:
 * a 600 MB file holds some 12 million bars, 480 MB as five Float64 columns, 170 MB here.
 *
 * Times are kept as whole minutes since the epoch in an Int32 (any bar of a 1m or 1d file), the
 * open as an Int32 count of 10^-d, d being the fewest decimals that give back every price read so
 * far, and high, low and close as their difference from the open's count, in an Int16 while
 * every difference fits one (a minute's range of 327 points at two decimals, of 0.32767 at five).
 * All of it is exact: a value is stored that way only when decoding it (minutes × 60000, count
 * / 10^d, one correctly rounded division of the same rational number) gives back the very same
 * double, so what the engine later rounds to milli-points is what the file said. A finer d
 * multiplies what is stored, which is exact as well. When a value cannot be held so (a time with
 * seconds, a price with more digits than an Int32 has room for, a wider range) the column moves
 * to the next wider type for good: Int16 differences to Int32, counts to Float64 values.
 *
 * The columns are lists of fixed-size chunks: growing adds a chunk and never copies, and sorting
 * or widening a column replaces it a chunk at a time.
 */
import { type BarColumns, type SortedBars } from './bar-columns';
import { CsvImportError } from './import-error';
import { orderRows, type ReplacedRow } from './order-rows';

type Column = Int16Array | Int32Array | Float64Array;

const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
const IN_CHUNK = CHUNK - 1;
/** Beyond the row indexes a sort can use (Uint32), and a CSV file of more than 10 GB. */
const MAX_BARS = 2 ** 28;
const MINUTE = 60_000;
const INT16_MAX = 2 ** 15 - 1;
const INT32_MAX = 2 ** 31 - 1;
const MAX_DECIMALS = 9;
const POWERS_OF_TEN = Array.from({ length: MAX_DECIMALS + 1 }, (_, d) => 10 ** d);

export class CompactBars implements SortedBars {
  length = 0;
  /** False once a bar is older than or as old as the one before it: the rows need sort(). */
  ascending = true;
  private readonly t: Column[] = [];
  private readonly open: Column[] = [];
  /** High, low, close: differences from the open's count, or Float64 values once prices are. */
  private readonly others: [Column[], Column[], Column[]] = [[], [], []];
  /** Times in Int32 minutes; false once a time was not a whole minute (then Float64 ms). */
  private minutes = true;
  /** Prices as counts of 1 / 10^decimals (scale); -1 once a price could not be (then Float64 values). */
  private decimals = 0;
  private scale = 1;
  /** Differences in Int32 rather than Int16. */
  private wideDifferences = false;
  private lastTime = -Infinity;

  push(t: number, o: number, h: number, l: number, c: number): void {
    const row = this.length;
    if ((row & IN_CHUNK) === 0) this.addChunk();
    if (t <= this.lastTime) this.ascending = false;
    this.lastTime = t;
    const chunk = row >>> CHUNK_BITS;
    const at = row & IN_CHUNK;
    const time = this.encodeTime(t);
    this.t[chunk]![at] = time;

    if (this.decimals < 0 || !this.pushCounts(chunk, at, o, h, l, c)) this.pushSlowly(chunk, at, o, h, l, c);
    this.length = row + 1;
  }

  /**
   * Puts the bars in time order with one bar per time, the later row of a tie kept (see
   * orderRows); answers how many rows were dropped and which were the first `samples` of them
   * (as indexes in push order). Nothing to do for a file already in order.
   */
  sort(samples = 0): { duplicates: number; replaced: ReplacedRow[] } {
    if (this.ascending) return { duplicates: 0, replaced: [] };
    const times = new Float64Array(this.length);
    let at = 0;
    for (const slab of this.timeSlabs()) {
      times.set(slab, at);
      at += slab.length;
    }
    const { rows, duplicates, replaced } = orderRows(times, samples);
    // One column at a time, so the sort costs one column more, not a second copy of the bars.
    // Differences move with their row's open, so they stay differences from it.
    for (const column of [this.t, this.open, ...this.others]) gather(column, rows);
    this.length = rows.length;
    this.ascending = true;
    return { duplicates, replaced };
  }

  /** Open time (ms) of the bar at index i. */
  timeAt(i: number): number {
    const value = this.t[i >>> CHUNK_BITS]![i & IN_CHUNK]!;
    return this.minutes ? value * MINUTE : value;
  }

  /** The open times in order, a chunk at a time in one reused array; iterable more than once. */
  times(): Iterable<Float64Array> {
    return { [Symbol.iterator]: () => this.timeSlabs() };
  }

  *slabs(): Generator<BarColumns> {
    if (!this.ascending) throw new Error('CompactBars: sort() before reading the bars in order');
    const full: BarColumns = {
      t: new Float64Array(CHUNK),
      o: new Float64Array(CHUNK),
      h: new Float64Array(CHUNK),
      l: new Float64Array(CHUNK),
      c: new Float64Array(CHUNK),
    };
    const divisor = this.scale;
    const [highs, lows, closes] = this.others;
    for (let chunk = 0; chunk * CHUNK < this.length; chunk++) {
      const rows = Math.min(CHUNK, this.length - chunk * CHUNK);
      const open = this.open[chunk]!;
      decodeTimes(this.t[chunk]!, rows, this.minutes, full.t);
      decodePrices(open, null, rows, divisor, full.o);
      decodePrices(open, highs[chunk]!, rows, divisor, full.h);
      decodePrices(open, lows[chunk]!, rows, divisor, full.l);
      decodePrices(open, closes[chunk]!, rows, divisor, full.c);
      if (rows === CHUNK) yield full;
      else {
        const cut = (column: Float64Array) => column.subarray(0, rows);
        yield { t: cut(full.t), o: cut(full.o), h: cut(full.h), l: cut(full.l), c: cut(full.c) };
      }
    }
  }

  /** All the bars as plain Float64 columns: for small sets and tests, at 40 bytes a bar. */
  toColumns(): BarColumns {
    const n = this.length;
    const out: BarColumns = {
      t: new Float64Array(n),
      o: new Float64Array(n),
      h: new Float64Array(n),
      l: new Float64Array(n),
      c: new Float64Array(n),
    };
    let at = 0;
    for (const slab of this.slabs()) {
      for (const name of ['t', 'o', 'h', 'l', 'c'] as const) out[name].set(slab[name], at);
      at += slab.t.length;
    }
    return out;
  }

  /** Bytes held by the columns, to compare with 40 per bar. */
  byteLength(): number {
    let bytes = 0;
    for (const column of [this.t, this.open, ...this.others])
      for (const chunk of column) bytes += chunk.byteLength;
    return bytes;
  }

  private *timeSlabs(): Generator<Float64Array> {
    const out = new Float64Array(CHUNK);
    for (let chunk = 0; chunk * CHUNK < this.length; chunk++) {
      const rows = Math.min(CHUNK, this.length - chunk * CHUNK);
      decodeTimes(this.t[chunk]!, rows, this.minutes, out);
      yield rows === CHUNK ? out : out.subarray(0, rows);
    }
  }

  private addChunk(): void {
    if (this.length >= MAX_BARS) {
      throw new CsvImportError(
        'too-many-bars',
        `Il file contiene più di ${MAX_BARS} barre: dividerlo in più file.`,
      );
    }
    const counts = this.decimals >= 0;
    this.t.push(this.minutes ? new Int32Array(CHUNK) : new Float64Array(CHUNK));
    this.open.push(counts ? new Int32Array(CHUNK) : new Float64Array(CHUNK));
    for (const column of this.others) {
      column.push(
        !counts
          ? new Float64Array(CHUNK)
          : this.wideDifferences
            ? new Int32Array(CHUNK)
            : new Int16Array(CHUNK),
      );
    }
  }

  private encodeTime(t: number): number {
    if (!this.minutes) return t;
    const minutes = t / MINUTE;
    if ((minutes | 0) === minutes) return minutes;
    for (let k = 0; k < this.t.length; k++) this.t[k] = Float64Array.from(this.t[k]!, (m) => m * MINUTE);
    this.minutes = false;
    return t;
  }

  /**
   * The common case: the four prices are exact at the current scale, the open's count fits its
   * Int32 and the differences fit theirs (each checked by reading back what was stored, as a
   * typed array wraps what does not fit). False when any is not so; the row is then stored again.
   */
  private pushCounts(chunk: number, at: number, o: number, h: number, l: number, c: number): boolean {
    const scale = this.scale;
    const co = Math.round(o * scale);
    const ch = Math.round(h * scale);
    const cl = Math.round(l * scale);
    const cc = Math.round(c * scale);
    if (co / scale !== o || ch / scale !== h || cl / scale !== l || cc / scale !== c) return false;
    const open = this.open[chunk]!;
    open[at] = co;
    const [highs, lows, closes] = this.others;
    const dh = highs[chunk]!;
    const dl = lows[chunk]!;
    const dc = closes[chunk]!;
    dh[at] = ch - co;
    dl[at] = cl - co;
    dc[at] = cc - co;
    return open[at] === co && dh[at] === ch - co && dl[at] === cl - co && dc[at] === cc - co;
  }

  /** Finds the scale and widths that hold the row (moving what is stored to them), then stores it. */
  private pushSlowly(chunk: number, at: number, o: number, h: number, l: number, c: number): void {
    const prices = [o, h, l, c];
    for (;;) {
      if (this.decimals < 0) {
        this.open[chunk]![at] = o;
        this.others.forEach((column, k) => (column[chunk]![at] = prices[k + 1]!));
        return;
      }
      const inexact = prices.find((price) => Math.round(price * this.scale) / this.scale !== price);
      if (inexact !== undefined) {
        this.refineScale(inexact);
        continue;
      }
      const [co, ...counts] = prices.map((price) => Math.round(price * this.scale)) as [number, ...number[]];
      const spread = Math.max(...counts.map((count) => Math.abs(count - co)));
      if (Math.abs(co) > INT32_MAX || spread > INT32_MAX) {
        this.toFloat64();
        continue;
      }
      if (spread > INT16_MAX) this.widenDifferences();
      this.open[chunk]![at] = co;
      this.others.forEach((column, k) => (column[chunk]![at] = counts[k]! - co));
      return;
    }
  }

  /**
   * Moves to the first finer scale that holds the value exactly and at which every stored count
   * and difference still fits (differences widened to Int32 if need be), or to Float64 values.
   * Rare (a few times per file at most), so the stored bars are scanned for their range here
   * rather than tracked on every push.
   */
  private refineScale(value: number): void {
    const { largest, widest } = this.storedRange();
    for (let decimals = this.decimals + 1; decimals <= MAX_DECIMALS; decimals++) {
      const scale = POWERS_OF_TEN[decimals]!;
      const count = Math.round(value * scale);
      if (count / scale !== value) continue;
      const factor = POWERS_OF_TEN[decimals - this.decimals]!;
      if (Math.abs(count) > INT32_MAX || largest * factor > INT32_MAX || widest * factor > INT32_MAX) break;
      if (widest * factor > INT16_MAX) this.widenDifferences();
      for (const column of [this.open, ...this.others]) for (const chunk of column) multiply(chunk, factor);
      this.decimals = decimals;
      this.scale = scale;
      return;
    }
    this.toFloat64();
  }

  /** The largest stored open count and difference, in absolute value (only those must fit their types). */
  private storedRange(): { largest: number; widest: number } {
    let largest = 0;
    let widest = 0;
    for (let row = 0; row < this.length; row++) {
      const chunk = row >>> CHUNK_BITS;
      const at = row & IN_CHUNK;
      const open = this.open[chunk]![at]!;
      largest = Math.max(largest, Math.abs(open));
      for (const column of this.others) widest = Math.max(widest, Math.abs(column[chunk]![at]!));
    }
    return { largest, widest };
  }

  private widenDifferences(): void {
    if (this.wideDifferences) return;
    for (const column of this.others)
      for (let k = 0; k < column.length; k++) column[k] = Int32Array.from(column[k]!);
    this.wideDifferences = true;
  }

  private toFloat64(): void {
    const divisor = this.scale;
    for (let k = 0; k < this.open.length; k++) {
      const open = this.open[k]!;
      for (const column of this.others) {
        const values = new Float64Array(CHUNK);
        decodePrices(open, column[k]!, CHUNK, divisor, values);
        column[k] = values;
      }
      const values = new Float64Array(CHUNK);
      decodePrices(open, null, CHUNK, divisor, values);
      this.open[k] = values;
    }
    this.decimals = -1;
    this.scale = 0;
  }
}

function decodeTimes(chunk: Column, rows: number, minutes: boolean, out: Float64Array): void {
  if (!minutes) out.set(chunk.subarray(0, rows));
  else for (let i = 0; i < rows; i++) out[i] = chunk[i]! * MINUTE;
}

/**
 * Writes `rows` prices of a chunk into out: the open's counts (difference null) or the open's
 * count plus a difference, divided by 10^d (divided, not multiplied by 10^-d, to stay exact);
 * Float64 values as they are when divisor is 0.
 */
function decodePrices(
  open: Column,
  difference: Column | null,
  rows: number,
  divisor: number,
  out: Float64Array,
): void {
  const values = difference ?? open;
  if (divisor === 0) out.set(values.subarray(0, rows));
  else if (!difference) for (let i = 0; i < rows; i++) out[i] = open[i]! / divisor;
  else for (let i = 0; i < rows; i++) out[i] = (open[i]! + difference[i]!) / divisor;
}

function multiply(chunk: Column, factor: number): void {
  for (let i = 0; i < chunk.length; i++) chunk[i]! *= factor;
}

/** Rebuilds a column as its values at the given row indexes, then drops the old chunks. */
function gather(column: Column[], rows: Uint32Array): void {
  const old = column.splice(0, column.length);
  const Kind = old[0]!.constructor as new (length: number) => Column;
  for (let k = 0; k < rows.length; k++) {
    if ((k & IN_CHUNK) === 0) column.push(new Kind(CHUNK));
    const row = rows[k]!;
    column[k >>> CHUNK_BITS]![k & IN_CHUNK] = old[row >>> CHUNK_BITS]![row & IN_CHUNK]!;
  }
}
