export { reportsRoutes } from './reports.routes';
export { eventReports } from './reports.service';
