/**
 * What detection learns about a price file and the row reader needs. Dialects are named by what
 * changes how a row is read: the shape of the date and the clock it is written in. Separator,
 * header, quoting and column order are properties beside the name, not separate dialects.
 */
export type CsvDialect =
  /** `20190102 170000;...`, no header: HistData.com ASCII and NinjaTrader files, EST without DST. */
  | 'histdata'
  /** `2019.01.02,17:00,...` or `<DATE>\t<TIME>\t...`: MetaTrader 4/5 exports, broker server time. */
  | 'metatrader'
  /** `02.01.2019 17:00:00.000,...` with `Gmt time` header: Dukascopy exports, GMT. */
  | 'dukascopy'
  /** `2019-01-02[ T]17:00[:00][Z|±hh:mm]`: TradingView, Yahoo/yfinance, MetaTrader 5 Python, generic. */
  | 'iso'
  /** Unix time in seconds (TradingView's default export, generic). */
  | 'unix-s'
  /** Unix time in milliseconds (dukascopy-node, generic). */
  | 'unix-ms'
  /** `02/01/2019 17:00` day first: a file re-saved by a European spreadsheet. */
  | 'dmy'
  /** `01/02/2019 17:00` month first: a file re-saved by a US spreadsheet. */
  | 'mdy'
  /** `20190102` with a header or a separate time column. */
  | 'yyyymmdd';

export type DateOrder = 'ymd' | 'dmy' | 'mdy';

export interface CsvColumns {
  /** The date, or the date and time together. */
  time: number;
  /** A separate time-of-day column (MetaTrader, `<DATE>`/`<TIME>`), or -1. */
  clock: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface CsvFormat {
  dialect: CsvDialect;
  /** One byte: `,` `;` tab or `|`. */
  separator: string;
  hasHeader: boolean;
  /** Every line wrapped in one pair of double quotes, fields inside (`"2022-01-04 18:00:00\t1.1\t..."`). */
  quotedLines: boolean;
  /** Prices written `1,2345`; a `.` inside a number is then a thousands separator. */
  decimalComma: boolean;
  /** Lines end with a bare CR (old Macintosh spreadsheets) instead of LF or CRLF. */
  crLineEnds: boolean;
  columns: CsvColumns;
  dateOrder: DateOrder;
  /** For the unix dialects, milliseconds per unit of the number; 0 for calendar dates. */
  epochUnitMs: number;
  /** Offset from UTC of the clock the file is written in, used when a time carries no offset of its own. */
  utcOffsetMinutes: number;
  /** How times were read, in the user's words, for the import answer. */
  timezone: string;
}
