/**
 * A price file, streamed chunk by chunk, into sorted de-duplicated bars and the report the
 * upload answer carries (DESIGN.md section 6). The file is never held whole: only its first
 * kilobytes (for detection), the current chunk, one partial line and the growing compact columns.
 */
import { CompactBars } from './compact-bars';
import { type CsvDialect, type CsvFormat } from './csv-format';
import { detectFormat, SAMPLE_BYTES } from './detect-format';
import { CsvImportError } from './import-error';
import { LineSplitter } from './line-splitter';
import { isBlank, REJECTION_REASONS, ROW_OK, RowReader } from './read-row';
import { RowLines } from './row-lines';
import { settleDateOrder } from './settle-date-order';
import { assertTimeframe, findGaps, type Gap, type Timeframe } from './timeframe';
import { type CsvSource, utf8Chunks } from './utf8-chunks';

/** How many rejected rows the report shows (all of them are counted). */
const REJECTED_SAMPLES = 10;

export interface ImportCsvOptions {
  timeframe: Timeframe;
}

export interface RejectedRow {
  /** 1-based line number in the file, header and blank lines counted. */
  line: number;
  reason: string;
}

export interface CsvImportReport {
  /** The detected dialect. */
  format: CsvDialect;
  /** How the file's times were turned into UTC. */
  timezone: string;
  timeframe: Timeframe;
  /** Bars kept: one per time. */
  imported: number;
  /**
   * Rows not imported: refused (bad date, missing columns, prices not positive or not
   * OHLC-consistent) or replaced by a later row with the same time; imported + rejected is the
   * file's count of rows (lines other than the header and blank ones).
   */
  rejected: number;
  /** The first few rows not imported, in file order. */
  rejectedSamples: RejectedRow[];
  /** Of the rejected rows, those replaced by a later row with the same time. */
  duplicates: number;
  /** Open time of the first and the last bar, ISO UTC. */
  first: string;
  last: string;
  /** Holes longer than a weekend (see timeframe.ts). */
  gaps: Gap[];
}

export interface CsvImport {
  /** Sorted, one bar per time; merged into the store as they are, or toColumns() for a small file. */
  bars: CompactBars;
  report: CsvImportReport;
  format: CsvFormat;
}

export async function importCsv(source: CsvSource, options: ImportCsvOptions): Promise<CsvImport> {
  return completeImport(await readCsv(source), options.timeframe);
}

/**
 * A file read whole but not yet checked against a timeframe: what an upload holds while the form
 * fields that follow the file (the timeframe among them) are still arriving.
 */
export interface CsvRead {
  bars: CompactBars;
  format: CsvFormat;
  /** As in CsvImportReport. */
  rejected: number;
  rejectedSamples: RejectedRow[];
  duplicates: number;
}

/** Streams the file into ordered bars; refuses it when no row is valid. */
export async function readCsv(source: CsvSource): Promise<CsvRead> {
  const chunks = utf8Chunks(source);
  try {
    return await readChunks(chunks);
  } finally {
    // Closes the source (a file stream, an upload) when the file is refused half-way.
    await chunks.return(undefined);
  }
}

/** Refuses bars whose spacing is not the timeframe's; otherwise the import and its report. */
export function completeImport(read: CsvRead, timeframe: Timeframe): CsvImport {
  const { bars, format } = read;
  assertTimeframe(bars.times(), timeframe);
  const n = bars.length;
  return {
    bars,
    format,
    report: {
      format: format.dialect,
      timezone: format.timezone,
      timeframe,
      imported: n,
      rejected: read.rejected,
      rejectedSamples: read.rejectedSamples,
      duplicates: read.duplicates,
      first: new Date(bars.timeAt(0)).toISOString(),
      last: new Date(bars.timeAt(n - 1)).toISOString(),
      gaps: findGaps(bars.times(), timeframe),
    },
  };
}

async function readChunks(chunks: AsyncGenerator<Uint8Array>): Promise<CsvRead> {
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SAMPLE_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  let format = detectFormat(sampleText(head, ended));
  if (format.dateOrder === 'unsettled')
    ({ format, ended } = await settleDateOrder(format, head, chunks, ended));

  const rows = new RowCollector(format);
  const lines = new LineSplitter(format.crLineEnds, rows.take);
  for (const chunk of head) lines.push(chunk);
  if (!ended) for await (const chunk of chunks) lines.push(chunk);
  lines.end();

  if (rows.bars.length === 0) {
    const reasons = rows.rejectedSamples.slice(0, 3).map((r) => `riga ${r.line}: ${r.reason}`);
    throw new CsvImportError(
      'no-valid-rows',
      `Nessuna barra valida nel file${reasons.length > 0 ? ` (${reasons.join('; ')})` : ''}.`,
    );
  }
  const { duplicates, replaced } = rows.bars.sort(REJECTED_SAMPLES);
  const replacedSamples = replaced.map(({ row, by }) => ({
    line: rows.lines.lineOf(row),
    reason: `stessa ora della riga ${rows.lines.lineOf(by)}, che la sostituisce`,
  }));
  return {
    bars: rows.bars,
    format,
    rejected: rows.rejected + duplicates,
    rejectedSamples: [...rows.rejectedSamples, ...replacedSamples]
      .sort((a, b) => a.line - b.line)
      .slice(0, REJECTED_SAMPLES),
    duplicates,
  };
}

/** The head as text for detection, without a last line that the head may have cut in two. */
function sampleText(head: readonly Uint8Array[], ended: boolean): string {
  const decoder = new TextDecoder();
  let text = head.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
  if (!ended) {
    const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    if (lastBreak > 0) text = text.slice(0, lastBreak);
  }
  return text;
}

/** Counts lines, skips the title, the header and blank lines, and files each row as a bar or a rejection. */
class RowCollector {
  readonly bars = new CompactBars();
  /** Where the bars' rows are in the file, for the rows the sort drops. */
  readonly lines = new RowLines();
  rejected = 0;
  readonly rejectedSamples: RejectedRow[] = [];
  private readonly reader: RowReader;
  /** Lines still to skip before the rows: the title lines, the header and the lines under it. */
  private headerPending: number;
  private lineNumber = 0;

  constructor(format: CsvFormat) {
    this.reader = new RowReader(format);
    this.headerPending = format.preambleLines + (format.hasHeader ? 1 + format.subheaderLines : 0);
  }

  readonly take = (buf: Uint8Array, start: number, end: number): void => {
    this.lineNumber++;
    if (isBlank(buf, start, end)) {
      this.lines.skip(this.bars.length);
      return;
    }
    if (this.headerPending > 0) {
      this.headerPending--;
      this.lines.skip(this.bars.length);
      return;
    }
    const reader = this.reader;
    const verdict = reader.read(buf, start, end);
    if (verdict === ROW_OK) {
      this.bars.push(reader.t, reader.o, reader.h, reader.l, reader.c);
      return;
    }
    this.lines.skip(this.bars.length);
    this.rejected++;
    if (this.rejectedSamples.length < REJECTED_SAMPLES) {
      this.rejectedSamples.push({ line: this.lineNumber, reason: REJECTION_REASONS[verdict]! });
    }
  };
}
