export { type BarColumns, type SortedBars } from './bar-columns';
export { CorruptBarFileError } from './arrow-bars';
export {
  type BarFileVersion,
  type BarSetSummary,
  BarStore,
  type BarStoreFiles,
  type BeforeReplace,
} from './bar-store';
export { CompactBars } from './compact-bars';
export { type CsvColumns, type CsvDialect, type CsvFormat, type DateOrder } from './csv-format';
export { detectFormat } from './detect-format';
export { CsvImportError, type CsvImportErrorCode } from './import-error';
export {
  completeImport,
  type CsvImport,
  type CsvImportReport,
  type CsvRead,
  importCsv,
  type ImportCsvOptions,
  readCsv,
  type RejectedRow,
} from './import-csv';
export { normaliseBars } from './merge-bars';
export { seededRandom } from './seeded-random';
export {
  isSyntheticMarketOpen,
  syntheticBars,
  type SyntheticMarket,
  syntheticTickSize,
} from './synthetic-bars';
export { type Gap, type Timeframe } from './timeframe';
export { type CsvSource } from './utf8-chunks';
