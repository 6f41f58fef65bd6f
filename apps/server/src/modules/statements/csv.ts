// CSV as the statements write it (RFC 4180): comma-separated, CRLF, a cell quoted only when it
// holds a comma, a quote or a line break. Numbers in JavaScript's own shortest form, which has a
// decimal point and no grouping in every locale and reads back to the very same number; times in
// ISO 8601 UTC. A file is written a page of rows at a time, so it never sits whole in memory.

const NEEDS_QUOTES = /[",\r\n]/;

export type CsvCell = string | number | boolean | Date | null;

function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(cellText).join(',')}\r\n`;
}

/** The header line, then one chunk of text per page of rows. */
export async function* csvChunks<Row>(
  header: readonly string[],
  pages: AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>,
  cellsOf: (row: Row) => readonly CsvCell[],
): AsyncGenerator<string> {
  yield csvLine(header);
  for await (const page of pages) {
    let chunk = '';
    for (const row of page) chunk += csvLine(cellsOf(row));
    if (chunk) yield chunk;
  }
}

/** Splits rows already in memory into pages, so their CSV is still written a page at a time. */
export function* inPages<Row>(rows: readonly Row[], pageSize: number): Generator<readonly Row[]> {
  for (let start = 0; start < rows.length; start += pageSize) yield rows.slice(start, start + pageSize);
}

/** A file name part from free text (an account id): letters, digits, dot, dash and underscore. */
export function fileNamePart(text: string): string {
  return (
    text
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 60) || 'x'
  );
}
