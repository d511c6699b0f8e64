export { insightsRoutes } from './insights.routes';
