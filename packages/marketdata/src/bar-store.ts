/**
 * The bar store (DESIGN.md section 3): one Arrow IPC file per (market, timeframe) in one folder,
 * e.g. GOLD-1m.arrow. A merge streams the old file and the new bars into a temporary file beside
 * the old one, batch by batch (so it never holds the old, the new and the merged set at once), and
 * renames it over it, so a reader (in this process or another sharing the folder) sees the old
 * set or the new one, never a mix, and a failure at any point leaves the old file as it was.
 * Merges of the same set within this process run one after the other; merges from several
 * processes at once are not expected (only the server takes uploads and seeds).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BarFileReader, BarFileWriter } from './arrow-bars';
import { type BarColumns, isSortedBars, type SortedBars, sortedColumns } from './bar-columns';
import { type BarSetSummary, mergeBars, normaliseBars } from './merge-bars';
import { type Timeframe } from './timeframe';

export { type BarSetSummary } from './merge-bars';

/** Stored bars are read a slab of this many at a time while merged: 2.6 MB. */
const SLAB_ROWS = 1 << 16;

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
    const reader = await BarFileReader.open(this.pathOf(market, timeframe));
    if (!reader) return null;
    try {
      return await reader.readAll();
    } finally {
      await reader.close();
    }
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
   * same time. Plain columns may be in any order (when they repeat a time, the later row wins);
   * SortedBars (an import's) are sorted already.
   */
  async merge(
    market: string,
    timeframe: Timeframe,
    bars: BarColumns | SortedBars,
    beforeReplace?: BeforeReplace,
  ): Promise<BarSetSummary> {
    const path = this.pathOf(market, timeframe);
    const incoming = isSortedBars(bars) ? bars : sortedColumns(normaliseBars(bars));
    return await this.oneAtATime(path, async () => {
      await mkdir(this.dir, { recursive: true });
      const temporary = join(this.dir, `.${market}-${timeframe}.${process.pid}.${randomUUID()}.tmp`);
      let summary: BarSetSummary;
      try {
        summary = await writeMerged(path, temporary, incoming);
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

/** Writes the file at `path` (if any) merged with the incoming bars into a new file at `temporary`. */
async function writeMerged(path: string, temporary: string, incoming: SortedBars): Promise<BarSetSummary> {
  const stored = await BarFileReader.open(path);
  try {
    const file = await open(temporary, 'wx');
    try {
      const writer = new BarFileWriter(file);
      const summary = await mergeBars(stored?.slabs(SLAB_ROWS) ?? null, incoming, writer);
      await writer.finish();
      await file.sync();
      return summary;
    } finally {
      await file.close();
    }
  } finally {
    await stored?.close();
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
