/**
 * Bars as five typed columns (engine.md section 2: t the UTC open time in ms, then o, h, l, c),
 * filled row by row without an object per bar.
 *
 * Memory is the constraint: a bar costs 40 bytes, so a 600 MB file of 66-byte rows needs 360 MB
 * of columns. Columns that grow by copying briefly need twice that; these grow in place instead,
 * inside resizable ArrayBuffers (address space is reserved up front, pages are committed as rows
 * arrive), and are moved out into plain arrays at the end a slab at a time, shrinking the source
 * as they go, so the peak stays near one copy of the bars. They grow by a fixed step rather than
 * doubling, because V8 zeroes (and so touches) the part a shrink cuts off: the unused tail is
 * kept small.
 */
import { CsvImportError } from './import-error';

export interface BarColumns {
  t: Float64Array;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
}

type BarColumn = keyof BarColumns;

/** ES2024's resizable ArrayBuffer (in Node 20), typed here because the workspace targets ES2023. */
interface ResizableArrayBuffer extends ArrayBuffer {
  resize(byteLength: number): void;
}
const ResizableArrayBuffer = ArrayBuffer as unknown as new (
  byteLength: number,
  options: { maxByteLength: number },
) => ResizableArrayBuffer;

const FIRST_CAPACITY = 1 << 16;
const GROWTH_STEP = 1 << 20;
/** 2 GB of address space per column: 268 million bars, a CSV file of more than 10 GB. */
const MAX_CAPACITY = 2 ** 28;
const MOVE_SLAB = 1 << 18;

export class BarColumnsBuilder {
  length = 0;
  /** False once a bar is older than or as old as the one before it: the rows need ordering. */
  ascending = true;
  private capacity = FIRST_CAPACITY;
  private readonly buffers: Record<BarColumn, ResizableArrayBuffer>;
  // Length-tracking views: they follow their buffer as it grows.
  private readonly t: Float64Array;
  private readonly o: Float64Array;
  private readonly h: Float64Array;
  private readonly l: Float64Array;
  private readonly c: Float64Array;

  constructor() {
    const buffer = (): ResizableArrayBuffer =>
      new ResizableArrayBuffer(FIRST_CAPACITY * 8, { maxByteLength: MAX_CAPACITY * 8 });
    this.buffers = { t: buffer(), o: buffer(), h: buffer(), l: buffer(), c: buffer() };
    this.t = new Float64Array(this.buffers.t);
    this.o = new Float64Array(this.buffers.o);
    this.h = new Float64Array(this.buffers.h);
    this.l = new Float64Array(this.buffers.l);
    this.c = new Float64Array(this.buffers.c);
  }

  push(t: number, o: number, h: number, l: number, c: number): void {
    const n = this.length;
    if (n === this.capacity) this.grow();
    if (n > 0 && t <= this.t[n - 1]!) this.ascending = false;
    this.t[n] = t;
    this.o[n] = o;
    this.h[n] = h;
    this.l[n] = l;
    this.c[n] = c;
    this.length = n + 1;
  }

  /** The times pushed so far, in file order; valid until the t column is moved out. */
  times(): Float64Array {
    return this.t.subarray(0, this.length);
  }

  /**
   * Moves a column out into a plain array and frees the builder's copy: in file order, or in the
   * order of the given row indexes.
   */
  moveOut(column: BarColumn, rows?: Uint32Array): Float64Array {
    const source = this[column];
    const buffer = this.buffers[column];
    if (rows) {
      const out = new Float64Array(rows.length);
      for (let k = 0; k < rows.length; k++) out[k] = source[rows[k]!]!;
      buffer.resize(0);
      return out;
    }
    buffer.resize(this.length * 8);
    const out = new Float64Array(this.length);
    for (let end = this.length; end > 0; end -= MOVE_SLAB) {
      const start = Math.max(0, end - MOVE_SLAB);
      out.set(source.subarray(start, end), start);
      buffer.resize(start * 8);
    }
    return out;
  }

  private grow(): void {
    if (this.capacity === MAX_CAPACITY) {
      throw new CsvImportError(
        'too-many-bars',
        `Il file contiene più di ${MAX_CAPACITY} barre: dividerlo in più file.`,
      );
    }
    this.capacity = Math.min(
      this.capacity < GROWTH_STEP ? this.capacity * 2 : this.capacity + GROWTH_STEP,
      MAX_CAPACITY,
    );
    for (const buffer of Object.values(this.buffers)) buffer.resize(this.capacity * 8);
  }
}
