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
  /** `02/01/2019 17:00` or `02.01.2019` day first: a file re-saved by a European spreadsheet. */
  | 'dmy'
  /** `01/02/2019 17:00` or `Jan 02, 2019` month first: a file re-saved by a US spreadsheet. */
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

export interface CsvFormat {
  dialect: CsvDialect;
  /** One byte: `,` `;` tab or `|`. */
  separator: string;
  hasHeader: boolean;
  /** Every line wrapped in one pair of double quotes, fields inside (`"2022-01-04 18:00:00\t1.1\t..."`). */
  quotedLines: boolean;
  /** Prices written `1,2345`. */
  decimalComma: boolean;
  /** The mark between thousands (`.` in `3.342,10`, `,` in `3,342.10`), skipped; '' for none. */
  thousands: '' | ',' | '.';
  /** Lines end with a bare CR (old Macintosh spreadsheets) instead of LF or CRLF. */
  crLineEnds: boolean;
  columns: CsvColumns;
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
  /** How times were read, in the user's words, for the import answer. */
  timezone: string;
}
