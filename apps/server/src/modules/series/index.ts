export { seriesRoutes } from './series.routes';
export { requestSeriesUpdate, seriesJobs, updateTenantSeries, SERIES_JOB } from './series.service';
