export { generateStore } from './store';
export type { SampleStore } from './store';
export { generateYoungStore, YOUNG_ORDER_COLUMNS, YOUNG_STORE_METRICS } from './young-store';
export type { YoungStore, YoungStoreOptions } from './young-store';
export type { StoreOptions } from './plan';
export { toCsv, csvField } from './csv';
export { ordersCsvChunks } from './orders-csv-chunks';
export type { OrdersCsvOptions } from './orders-csv-chunks';
export { answerKeyJson, wantedFindings } from './answer-key';
export type {
  AnswerKey,
  AnomalyKind,
  NormalPeak,
  NotAnomaly,
  NotAnomalyKind,
  PlantedAnomaly,
} from './answer-key';
export { SAMPLE_METRICS } from './metrics';
export type {
  AggregationType,
  SampleDimension,
  SampleMetric,
  SampleMetricName,
  SampleMetricTable,
} from './metrics';
export type { ColumnType, SampleColumn, SampleRow, SampleTable, SampleTableName, SampleValue } from './table';
export { CATEGORIES, CHANNELS, COUNTRIES, DEVICES, STATUSES } from './model';
export type { Category, Channel, Country, Device, OrderStatus } from './model';
export { generateSiteTraffic, fingerprintScores } from './site-traffic';
export type {
  ErrorTruth,
  PlantedSiteIncident,
  SiteAnswerKey,
  SiteBeacon,
  SiteTraffic,
  SiteTrafficOptions,
} from './site-traffic';
