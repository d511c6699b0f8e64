export { metricsRoutes } from './metrics.routes';
export {
  dimensionValues,
  listDimensions,
  getMetricOrThrow,
  onboardMetrics,
  setPipelinePreference,
} from './metrics.service';
