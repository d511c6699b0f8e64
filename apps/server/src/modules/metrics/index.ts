export { metricsRoutes } from './metrics.routes';
export {
  dimensionsOfTable,
  dimensionValues,
  listDimensions,
  getMetricOrThrow,
  metricPlanOfTable,
  onboardMetrics,
  setPipelinePreference,
} from './metrics.service';
export { SqlParams } from './formula';
export type { MetricPlan } from './rollup';
