export {
  CsvSniffError,
  isUtf8,
  sniff,
  type CsvDialect,
  type CsvEncoding,
  type Delimiter,
  type SniffErrorCode,
} from './dialect';
export { CsvReader, type CsvReaderOptions, type RecordBatch, type RowError } from './reader';
export {
  convertValue,
  detectDateOrder,
  inferType,
  parseBoolean,
  parseDate,
  parseDecimal,
  parseInteger,
  type ColumnFormat,
  type CsvColumnType,
  type DateOrder,
  type InferredType,
} from './types';
export {
  RowErrorLog,
  createRowConverter,
  inferColumns,
  normaliseHeader,
  type ColumnName,
  type ConvertedBatch,
  type InferredColumn,
  type RowConverter,
} from './columns';
