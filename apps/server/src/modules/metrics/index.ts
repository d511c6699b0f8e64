export { metricsRoutes } from './metrics.routes';
export {
  compiledMetricsOfTable,
  dimensionsOfTable,
  getMetricOrThrow,
  onboardMetrics,
  setPipelinePreference,
} from './metrics.service';
export { SqlParams } from './formula';
