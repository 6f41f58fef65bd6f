/**
 * Day or month first, for a file whose sample did not say (every date there could be read either
 * way): an intraday file shows only its first day or two in the sample. The file is read on, and
 * held, until a date can be read only one way (a number above 12); the rows are then read with
 * that order from the start. Bars a day apart settle it within two weeks of rows, 1m bars within
 * about a megabyte. A file no date settles is refused, naming both readings, unless its layout
 * says how it writes dates (investing.com in English: month first).
 */
import { type CsvFormat, type DateOrder } from './csv-format';
import { CsvImportError } from './import-error';
import { LineSplitter } from './line-splitter';
import { fullYear } from './parse-timestamp';
import { isBlank, RowReader } from './read-row';

/** How much of the file is held while looking; past it the file is refused as ambiguous. */
const HOLD_BYTES = 64 * 1024 * 1024;

const MONTHS =
  'gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre'.split(' ');

/**
 * The format with its order settled. `held` is what was read so far (the sample); the chunks read
 * while looking are added to it, and `ended` says whether that was the whole file.
 */
export async function settleDateOrder(
  format: CsvFormat,
  held: Uint8Array[],
  chunks: AsyncIterator<Uint8Array>,
  ended: boolean,
): Promise<{ format: CsvFormat; ended: boolean }> {
  const reader = new RowReader(format);
  const dates = reader.timestamps;
  let headerPending = format.preambleLines + (format.hasHeader ? 1 + format.subheaderLines : 0);
  const lines = new LineSplitter(format.crLineEnds, (buf, start, end) => {
    if (dates.settledOrder !== null || isBlank(buf, start, end)) return;
    if (headerPending > 0) headerPending--;
    else reader.read(buf, start, end);
  });
  let heldBytes = 0;
  for (const chunk of held) {
    lines.push(chunk);
    heldBytes += chunk.length;
  }
  let wholeFile = ended;
  while (dates.settledOrder === null && !wholeFile && heldBytes <= HOLD_BYTES) {
    const next = await chunks.next();
    if (next.done === true) {
      wholeFile = true;
      break;
    }
    held.push(next.value);
    heldBytes += next.value.length;
    lines.push(next.value);
  }
  if (wholeFile) lines.end();

  const order: DateOrder | null = dates.settledOrder ?? format.layoutDateOrder;
  if (order === null) {
    // No date read at all: the rows are refused one by one, and the file with them.
    if (dates.ambiguousDate === null) return { format: { ...format, dateOrder: 'dmy' }, ended: wholeFile };
    throw new CsvImportError('ambiguous-dates', ambiguity(dates.ambiguousDate, wholeFile));
  }
  const dialect = format.dialect === 'dmy' && order === 'mdy' ? 'mdy' : format.dialect;
  return { format: { ...format, dialect, dateOrder: order }, ended: wholeFile };
}

function ambiguity(date: string, wholeFile: boolean): string {
  const [first = 0, second = 0, written = 0] = date.split(/\D+/).map(Number);
  // `12/03/24`: the year as it is read (see parse-timestamp.ts), not as it is written.
  const year = written < 100 ? fullYear(written) : written;
  const where = wholeFile
    ? 'nessuna data del file'
    : `nessuna data dei primi ${HOLD_BYTES >> 20} MB del file`;
  return (
    `Le date del file si possono leggere in due modi: «${date}» è il ${first} ${MONTHS[second - 1]} ${year} ` +
    `se viene prima il giorno (giorno/mese/anno) o il ${second} ${MONTHS[first - 1]} ${year} se viene prima ` +
    `il mese (mese/giorno/anno), e ${where} ha un numero oltre il 12 che decida. Esportare il file con le ` +
    'date nella forma anno-mese-giorno (AAAA-MM-GG), o con un periodo che comprenda un giorno oltre il 12.'
  );
}
