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
  /**
   * `02/01/2019 17:00`, `02.01.19` or `2-Jan-19` day first: a file re-saved by a European
   * spreadsheet (a two-digit year is 2000-2029 up to 29, 1930-1999 from 30).
   */
  | 'dmy'
  /** `01/02/2019 17:00`, `1/2/19` or `Jan 02, 2019` month first: a file re-saved by a US spreadsheet. */
  | 'mdy'
  /**
   * investing.com Historical Data, `"Date","Price","Open","High","Low","Vol.","Change %"` in any of
   * its languages: dates as the language writes them (`07/03/2025`, `03.07.2025`), no time zone.
   */
  | 'investing'
  /** `20190102` with a header or a separate time column. */
  | 'yyyymmdd';

/**
 * How a date's numbers are ordered. 'unsettled': day and month first or second, the sample does
 * not say (no number above 12); each date is then read by its own numbers, day first when both
 * could be, and the importer reads on until a date settles the file (see settle-date-order.ts).
 */
export type DateOrder = 'ymd' | 'dmy' | 'mdy' | 'unsettled';

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

/**
 * A second column holding the bar's time again (CryptoDataDownload's `unix` beside `date`),
 * read in its own way and checked to agree with the first on every row.
 */
export interface EchoColumn {
  column: number;
  dateOrder: 'ymd' | 'dmy' | 'mdy';
  epochUnitMs: number;
}

export interface CsvFormat {
  dialect: CsvDialect;
  /** One byte: `,` `;` tab or `|`. */
  separator: string;
  hasHeader: boolean;
  /** Lines of text above the header (or the first row) that are a title, not part of the table; usually 0. */
  preambleLines: number;
  /**
   * Lines under the header that say more about its columns, not bars: yfinance's
   * `Ticker,GC=F,...` and `Date,,,,,` under `Price,Close,High,Low,Open,Volume`; usually 0.
   */
  subheaderLines: number;
  /** Every line wrapped in one pair of double quotes, fields inside (`"2022-01-04 18:00:00\t1.1\t..."`). */
  quotedLines: boolean;
  /** Prices written `1,2345`. */
  decimalComma: boolean;
  /** The mark between thousands (`.` in `3.342,10`, `,` in `3,342.10`), skipped; '' for none. */
  thousands: '' | ',' | '.';
  /** Lines end with a bare CR (old Macintosh spreadsheets) instead of LF or CRLF. */
  crLineEnds: boolean;
  columns: CsvColumns;
  /** A second time column that agrees with the first on the sample, checked on every row; null for none. */
  echo: EchoColumn | null;
  dateOrder: DateOrder;
  /**
   * The order the layout implies when no date of the file settles an unsettled one (investing.com's
   * English download writes month first); null: such a file is refused as ambiguous.
   */
  layoutDateOrder: 'mdy' | null;
  /** For the unix dialects, milliseconds per unit of the number; 0 for calendar dates. */
  epochUnitMs: number;
  /** Offset from UTC of the clock the file is written in, used when a time carries no offset of its own. */
  utcOffsetMinutes: number;
  /**
   * Daily (or longer) bars labelled by their date: every sampled time is midnight as written, so a
   * bar is stored at 00:00 UTC of its date, whatever offset or clock the row names
   * (`2024-01-02 00:00:00-05:00` and `02.01.2024 00:00:00.000 GMT+0100` are the bar of 2 January).
   */
  dateLabels: boolean;
  /** How times were read, in the user's words, for the import answer. */
  timezone: string;
}
