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
export type { MetricPlan } from './rollup';
