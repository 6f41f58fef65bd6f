/**
 * Why a price file is refused as a whole. The message is the user's (Italian); the code lets the
 * server pick the HTTP status without parsing text.
 */
export type CsvImportErrorCode =
  | 'unknown-format'
  | 'ambiguous-dates'
  | 'not-a-price-file'
  | 'line-too-long'
  | 'too-many-bars'
  | 'no-valid-rows'
  | 'timeframe-mismatch';

export class CsvImportError extends Error {
  override readonly name = 'CsvImportError';

  constructor(
    readonly code: CsvImportErrorCode,
    message: string,
  ) {
    super(message);
  }
}
