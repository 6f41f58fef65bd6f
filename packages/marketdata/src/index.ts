export { type BarColumns } from './bar-columns';
export { type CsvColumns, type CsvDialect, type CsvFormat, type DateOrder } from './csv-format';
export { detectFormat } from './detect-format';
export { CsvImportError, type CsvImportErrorCode } from './import-error';
export {
  type CsvImport,
  type CsvImportReport,
  importCsv,
  type ImportCsvOptions,
  type RejectedRow,
} from './import-csv';
export { type Gap, type Timeframe } from './timeframe';
export { type CsvSource } from './utf8-chunks';
