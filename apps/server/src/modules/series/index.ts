export { seriesRoutes } from './series.routes';
export {
  patternSeries,
  requestSeriesUpdate,
  seriesJobs,
  updateTenantSeries,
  SERIES_JOB,
} from './series.service';
