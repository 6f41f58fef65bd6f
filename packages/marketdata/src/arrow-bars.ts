/**
 * Bars as an Apache Arrow IPC file (the "file" format: magic, schema, record batches, footer),
 * columns t, o, h, l, c as non-null Float64, so any Arrow reader (pyarrow, DuckDB, Polars) opens
 * the store as it is.
 *
 * Files are written a record batch at a time, so a set is never held whole to be written, and
 * read with the file's own layout: the footer and each batch's metadata (a few hundred bytes)
 * say where each column's values lie, and those bytes are read straight into their place, either
 * into one buffer for the whole set (no copy, one set's worth of memory) or a slab at a time.
 */
import {
  AsyncByteQueue,
  DataType,
  Field,
  Float64,
  makeData,
  Message,
  Precision,
  RecordBatch,
  RecordBatchFileWriter,
  Schema,
  Struct,
} from 'apache-arrow';
// The footer's reader is not exported from the package root; the package exports its modules.
import { Footer } from 'apache-arrow/ipc/metadata/file';
import { type FileHandle, open } from 'node:fs/promises';
import { BAR_COLUMNS, type BarColumns } from './bar-columns';

export class CorruptBarFileError extends Error {
  override readonly name = 'CorruptBarFileError';
}

const fields = BAR_COLUMNS.map((name) => new Field(name, new Float64(), false));
const schema = new Schema(fields);
const MAGIC = 'ARROW1';
/** Footer length (int32) and the closing magic. */
const TAIL_BYTES = 4 + MAGIC.length;

/** What the Arrow writer emits, held until it is written to the file (its body parts are views of the batch). */
class PendingBytes extends AsyncByteQueue {
  chunks: Uint8Array[] = [];
  override write(value: Uint8Array): void {
    if (value.byteLength > 0) this.chunks.push(value);
  }
}

/** Writes bars to an open file one record batch at a time. */
export class BarFileWriter {
  private readonly pending = new PendingBytes();
  private readonly writer = new RecordBatchFileWriter();

  constructor(private readonly file: FileHandle) {
    this.writer.reset(this.pending, schema);
  }

  /** Appends the bars as one record batch; the arrays may be reused once this resolves. */
  async write(bars: BarColumns): Promise<void> {
    const length = bars.t.length;
    if (length === 0) return;
    const children = BAR_COLUMNS.map((name) =>
      makeData({ type: new Float64(), length, nullCount: 0, data: bars[name] }),
    );
    this.writer.write(
      new RecordBatch(schema, makeData({ type: new Struct(fields), length, nullCount: 0, children })),
    );
    await this.flush();
  }

  /** Writes the footer; the file then holds the batches written so far (none: an empty set). */
  async finish(): Promise<void> {
    this.writer.close();
    await this.flush();
  }

  private async flush(): Promise<void> {
    const chunks = this.pending.chunks;
    this.pending.chunks = [];
    for (const chunk of chunks) {
      for (let at = 0; at < chunk.byteLength;) {
        const { bytesWritten } = await this.file.write(chunk, at, chunk.byteLength - at);
        at += bytesWritten;
      }
    }
  }
}

interface BatchLayout {
  rows: number;
  /** File offset of each column's values. */
  offsets: Record<(typeof BAR_COLUMNS)[number], number>;
}

/** An open bar file whose layout has been read; close() it when done. */
export class BarFileReader {
  private constructor(
    private readonly file: FileHandle,
    private readonly path: string,
    readonly rows: number,
    private readonly batches: readonly BatchLayout[],
  ) {}

  /** Opens and checks a bar file; null when it does not exist. */
  static async open(path: string): Promise<BarFileReader | null> {
    let file: FileHandle;
    try {
      file = await open(path, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return null;
      throw error;
    }
    try {
      const batches = await readLayout(file);
      return new BarFileReader(
        file,
        path,
        batches.reduce((sum, batch) => sum + batch.rows, 0),
        batches,
      );
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /**
   * The whole set as five views of one buffer, on shared memory: a sweep's worker threads read
   * the bars where they are instead of receiving a copy.
   */
  async readAll(): Promise<BarColumns> {
    const n = this.rows;
    const buffer = new SharedArrayBuffer(n * 8 * BAR_COLUMNS.length);
    const bars = Object.fromEntries(
      BAR_COLUMNS.map((name, k) => [name, new Float64Array(buffer, k * n * 8, n)]),
    ) as unknown as BarColumns;
    let at = 0;
    for (const batch of this.batches) {
      await Promise.all(
        BAR_COLUMNS.map((name) =>
          this.readInto(bars[name].subarray(at, at + batch.rows), batch.offsets[name]),
        ),
      );
      at += batch.rows;
    }
    return bars;
  }

  /** The set in order, at most maxRows bars at a time, in reused arrays: a slab is valid until the next. */
  async *slabs(maxRows: number): AsyncGenerator<BarColumns> {
    const full = Object.fromEntries(
      BAR_COLUMNS.map((name) => [name, new Float64Array(maxRows)]),
    ) as unknown as BarColumns;
    for (const batch of this.batches) {
      for (let from = 0; from < batch.rows; from += maxRows) {
        const rows = Math.min(maxRows, batch.rows - from);
        const slab = Object.fromEntries(
          BAR_COLUMNS.map((name) => [name, full[name].subarray(0, rows)]),
        ) as unknown as BarColumns;
        await Promise.all(
          BAR_COLUMNS.map((name) => this.readInto(slab[name], batch.offsets[name] + from * 8)),
        );
        yield slab;
      }
    }
  }

  close(): Promise<void> {
    return this.file.close();
  }

  private async readInto(target: Float64Array, position: number): Promise<void> {
    const bytes = new Uint8Array(target.buffer, target.byteOffset, target.byteLength);
    for (let at = 0; at < bytes.length;) {
      const { bytesRead } = await this.file.read(bytes, at, bytes.length - at, position + at);
      if (bytesRead === 0) throw new CorruptBarFileError(`${this.path} ends inside a column`);
      at += bytesRead;
    }
  }
}

/** Where each batch's columns lie, from the footer and the batches' metadata; refuses anything but this store's schema. */
async function readLayout(file: FileHandle): Promise<BatchLayout[]> {
  const { size } = await file.stat();
  const head = await readAt(file, 0, Math.min(size, 8));
  const tail = await readAt(file, Math.max(0, size - TAIL_BYTES), Math.min(size, TAIL_BYTES));
  const text = (bytes: Uint8Array) =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (size < 2 * 8 || text(head.subarray(0, 6)) !== MAGIC || text(tail.subarray(4)) !== MAGIC) {
    throw new CorruptBarFileError('not an Arrow IPC file (magic bytes missing)');
  }
  const footerLength = new DataView(tail.buffer, tail.byteOffset).getInt32(0, true);
  if (footerLength <= 0 || footerLength > size - TAIL_BYTES - 8)
    throw new CorruptBarFileError('Arrow footer out of bounds');
  let footer: InstanceType<typeof Footer>;
  try {
    footer = Footer.decode(await readAt(file, size - TAIL_BYTES - footerLength, footerLength));
  } catch (error) {
    throw new CorruptBarFileError(`unreadable Arrow footer: ${(error as Error).message}`);
  }
  const columns = columnIndexes(footer.schema);

  const batches: BatchLayout[] = [];
  for (const block of footer.recordBatches()) {
    const metadata = await readAt(file, block.offset, block.metaDataLength);
    const view = new DataView(metadata.buffer, metadata.byteOffset, metadata.byteLength);
    // Since Arrow 0.15 a message starts with 0xFFFFFFFF, then its length; before, with the length.
    const prefix = metadata.byteLength >= 8 && view.getInt32(0, true) === -1 ? 8 : 4;
    let header;
    try {
      const message = Message.decode(metadata.subarray(prefix));
      if (!message.isRecordBatch()) throw new Error('not a record batch');
      header = message.header();
    } catch (error) {
      throw new CorruptBarFileError(`unreadable Arrow record batch: ${(error as Error).message}`);
    }
    if (header.compression) throw new CorruptBarFileError('compressed Arrow batches are not supported');
    const body = block.offset + block.metaDataLength;
    const rows = header.length;
    const offsets = {} as BatchLayout['offsets'];
    for (const name of BAR_COLUMNS) {
      const field = columns[name];
      const node = header.nodes[field];
      // A flat schema of primitive columns: per field a validity bitmap, then the values.
      const values = header.buffers[2 * field + 1];
      if (!node || !values || node.length !== rows)
        throw new CorruptBarFileError(`column ${name} missing from a batch`);
      if (node.nullCount > 0) throw new CorruptBarFileError(`column ${name} has nulls`);
      if (values.length < rows * 8 || body + values.offset + rows * 8 > size) {
        throw new CorruptBarFileError(`column ${name} shorter than its batch`);
      }
      offsets[name] = body + values.offset;
    }
    batches.push({ rows, offsets });
  }
  return batches;
}

/** Field index of each bar column; every field must be a Float64 (so each has two buffers). */
function columnIndexes(fileSchema: Schema): Record<(typeof BAR_COLUMNS)[number], number> {
  const indexes = {} as Record<(typeof BAR_COLUMNS)[number], number>;
  fileSchema.fields.forEach((field: Field, k: number) => {
    if (!DataType.isFloat(field.type) || field.type.precision !== Precision.DOUBLE) {
      throw new CorruptBarFileError(`column ${field.name} is not Float64`);
    }
    indexes[field.name as (typeof BAR_COLUMNS)[number]] = k;
  });
  for (const name of BAR_COLUMNS) {
    if (indexes[name] === undefined) throw new CorruptBarFileError(`column ${name} missing or not Float64`);
  }
  return indexes;
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length;) {
    const { bytesRead } = await file.read(bytes, at, length - at, position + at);
    if (bytesRead === 0) throw new CorruptBarFileError('Arrow file shorter than its footer says');
    at += bytesRead;
  }
  return bytes;
}
