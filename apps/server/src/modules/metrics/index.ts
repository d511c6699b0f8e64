export { metricsRoutes } from './metrics.routes';
export {
  dimensionsOfTable,
  dimensionValueSql,
  dimensionValues,
  listDimensions,
  getMetricOrThrow,
  metricPlanOfTable,
  onboardMetrics,
  setPipelinePreference,
} from './metrics.service';
export { SqlParams } from './formula';
export { metricCurrencySql, moneyMetricSql, shownFormatSql } from './money';
export type { MetricPlan } from './rollup';
