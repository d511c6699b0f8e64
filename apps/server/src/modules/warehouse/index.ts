// The warehouse, below every stage: the workspace's tables and their catalogue, one identifier quoter, the
// formula compiler, metric plans and dimension SQL. Connections load it, metrics configure it, series,
// pipelines and explorer read it; it imports none of them.
export type { CellValue, ColumnType } from './types';
export * as catalogue from './catalogue.repository';
export type { WarehouseTableRow } from './catalogue.repository';
export {
  markAllSeriesForRebuild,
  markSeriesComputed,
  setTableDateColumn,
  tablesOfConnection,
  type WarehouseTable,
} from './catalogue';
export * as tables from './warehouse.repository';
export { ensureDateIndex, quoteIdent, type WarehouseColumn } from './warehouse.repository';
export {
  columnsOf,
  dimensionValueSql,
  dimensionsOfTable,
  metricPlanOfTable,
  planMetrics,
  type MetricPlan,
} from './plans';
export * as plansRepository from './plans.repository';
export type { MetricRow } from './plans.repository';
export { metricCurrencySql, moneyMetricSql, shownFormatSql } from './money';
export * from './formula';
