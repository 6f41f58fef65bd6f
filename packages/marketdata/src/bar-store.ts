/**
 * The bar store (DESIGN.md section 3): one Arrow IPC file per (market, timeframe) in one folder,
 * e.g. GOLD-1m.arrow. A merge writes the whole set to a temporary file beside the old one and
 * renames it over it, so a reader (in this process or another sharing the folder) sees the old set
 * or the new one, never a mix, and a failure at any point leaves the old file as it was.
 * Merges of the same set within this process run one after the other; merges from several
 * processes at once are not expected (only the server takes uploads and seeds).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readArrowBars, writeArrowBars } from './arrow-bars';
import { type BarColumns } from './bar-columns';
import { mergeBars, normaliseBars } from './merge-bars';
import { type Timeframe } from './timeframe';

/** What a set holds after a merge: row count and the open times (ms) of its first and last bar. */
export interface BarSetSummary {
  rows: number;
  first: number | null;
  last: number | null;
}

/** Identifies one version of a set's file, to tell whether a copy read earlier is still current. */
export interface BarFileVersion {
  size: number;
  mtimeMs: number;
  ino: number;
}

/** The one file-system call a test needs to make fail: replacing the old file by the new one. */
export interface BarStoreFiles {
  rename(from: string, to: string): Promise<void>;
}

/** Runs after the new file is written and before it replaces the old one; throwing keeps the old one. */
export type BeforeReplace = (summary: BarSetSummary) => Promise<void>;

const MARKET_NAME = /^[A-Z0-9_]{1,32}$/;
const TIMEFRAMES: readonly Timeframe[] = ['1m', '1d'];

export class BarStore {
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    readonly dir: string,
    private readonly files: BarStoreFiles = { rename },
  ) {}

  /** The set's bars, or null when nothing is stored. The arrays are views of one buffer: do not write to them. */
  async read(market: string, timeframe: Timeframe): Promise<BarColumns | null> {
    const bytes = await readWhole(this.pathOf(market, timeframe));
    return bytes ? readArrowBars(bytes) : null;
  }

  /** The current file's identity, or null when nothing is stored. */
  async version(market: string, timeframe: Timeframe): Promise<BarFileVersion | null> {
    try {
      const info = await stat(this.pathOf(market, timeframe));
      return { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /**
   * Stored ∪ bars, sorted by time, one bar per time, a bar of `bars` replacing a stored bar of the
   * same time. `bars` may be in any order; when it repeats a time, its later row wins.
   */
  async merge(market: string, timeframe: Timeframe, bars: BarColumns, beforeReplace?: BeforeReplace): Promise<BarSetSummary> {
    const path = this.pathOf(market, timeframe);
    const incoming = normaliseBars(bars);
    return await this.oneAtATime(path, async () => {
      const merged = mergeBars(await this.read(market, timeframe), incoming);
      const summary = summarise(merged);
      await mkdir(this.dir, { recursive: true });
      const temporary = join(this.dir, `.${market}-${timeframe}.${process.pid}.${randomUUID()}.tmp`);
      try {
        const file = await open(temporary, 'wx');
        try {
          await writeArrowBars(file, merged);
          await file.sync();
        } finally {
          await file.close();
        }
        await beforeReplace?.(summary);
        await this.files.rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      await syncDirectory(this.dir);
      return summary;
    });
  }

  private pathOf(market: string, timeframe: Timeframe): string {
    // Both end up in a file name: anything else could point outside the folder.
    if (!MARKET_NAME.test(market)) throw new RangeError(`invalid market name: ${market}`);
    if (!TIMEFRAMES.includes(timeframe)) throw new RangeError(`invalid timeframe: ${String(timeframe)}`);
    return join(this.dir, `${market}-${timeframe}.arrow`);
  }

  private oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(task);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, done);
    void done.then(() => {
      if (this.queues.get(key) === done) this.queues.delete(key);
    });
    return run;
  }
}

function summarise(bars: BarColumns): BarSetSummary {
  const rows = bars.t.length;
  return { rows, first: rows > 0 ? bars.t[0]! : null, last: rows > 0 ? bars.t[rows - 1]! : null };
}

/**
 * The file's bytes in a buffer of their own (offset 0, so Float64 views are aligned), read in
 * large pieces straight into it. Null when the file does not exist.
 */
async function readWhole(path: string): Promise<Uint8Array | null> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  try {
    const { size } = await file.stat();
    const bytes = new Uint8Array(size);
    for (let at = 0; at < size; ) {
      const { bytesRead } = await file.read(bytes, at, Math.min(size - at, 1 << 26), at);
      if (bytesRead === 0) throw new Error(`${path} shrank while being read`);
      at += bytesRead;
    }
    return bytes;
  } finally {
    await file.close();
  }
}

/** Makes the rename itself durable; some file systems refuse to open a folder, which is no harm. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the rename is best effort; the data file itself was synced.
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
