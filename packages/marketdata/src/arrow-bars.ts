/**
 * Bars as an Apache Arrow IPC file (the "file" format: magic, schema, record batches, footer),
 * columns t, o, h, l, c as non-null Float64, so any Arrow reader (pyarrow, DuckDB, Polars) opens
 * the store as it is. One record batch per file: reading then hands out views into the bytes read,
 * with no per-row objects and no copy.
 */
import { DataType, Field, Float64, makeData, Precision, RecordBatch, RecordBatchFileWriter, RecordBatchReader, Schema, Struct } from 'apache-arrow';
import { type FileHandle } from 'node:fs/promises';
import { type BarColumns } from './bar-columns';

const COLUMNS = ['t', 'o', 'h', 'l', 'c'] as const;

export class CorruptBarFileError extends Error {
  override readonly name = 'CorruptBarFileError';
}

const fields = COLUMNS.map((name) => new Field(name, new Float64(), false));
const schema = new Schema(fields);

/** Streams the bars into an open file: the column buffers go out as they are, never joined into one. */
export async function writeArrowBars(file: FileHandle, bars: BarColumns): Promise<void> {
  const length = bars.t.length;
  const children = COLUMNS.map((name) => makeData({ type: new Float64(), length, nullCount: 0, data: bars[name] }));
  const batch = new RecordBatch(schema, makeData({ type: new Struct(fields), length, nullCount: 0, children }));
  const writer = RecordBatchFileWriter.writeAll([batch]);
  for await (const chunk of writer) await file.write(chunk);
}

/**
 * The bars of an Arrow IPC file's bytes. Views into `bytes` when the file has one record batch
 * (as this store writes them); columns joined by copying when a foreign writer split them.
 */
export function readArrowBars(bytes: Uint8Array): BarColumns {
  let batches: RecordBatch[];
  try {
    batches = [...RecordBatchReader.from(bytes)];
  } catch (error) {
    throw new CorruptBarFileError(`not an Arrow IPC file: ${(error as Error).message}`);
  }
  const columns = {} as BarColumns;
  for (const name of COLUMNS) {
    const parts: Float64Array[] = [];
    for (const batch of batches) {
      const child = batch.getChild(name);
      if (!child || !DataType.isFloat(child.type) || child.type.precision !== Precision.DOUBLE) {
        throw new CorruptBarFileError(`column ${name} missing or not Float64`);
      }
      if (child.nullCount > 0) throw new CorruptBarFileError(`column ${name} has nulls`);
      // A Data's values already start at its first row (slices cut them), so only its length counts.
      for (const data of child.data) parts.push((data.values as Float64Array).subarray(0, data.length));
    }
    columns[name] = parts.length === 1 ? parts[0]! : join(parts);
  }
  return columns;
}

function join(parts: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
