export { summaryRoutes } from './summary.routes';
