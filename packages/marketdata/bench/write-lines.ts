/**
 * How the benches write their large generated CSV files: lines joined into batches of about a
 * megabyte, each written when the stream has drained, so a file of hundreds of megabytes is never
 * held in memory. Shared by this package's import bench and the server's upload bench.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

const BATCH_CHARS = 1 << 20;

/** Writes whole lines, in order, as long as the next one still fits in `maxBytes` (lines are ASCII). */
export async function writeLines(path: string, lines: Iterable<string>, maxBytes: number): Promise<void> {
  const out = createWriteStream(path);
  let written = 0;
  let batch = '';
  for (const line of lines) {
    if (written + batch.length + line.length > maxBytes) break;
    batch += line;
    if (batch.length > BATCH_CHARS) {
      written += batch.length;
      if (!out.write(batch)) await once(out, 'drain');
      batch = '';
    }
  }
  out.end(batch);
  await once(out, 'finish');
}
