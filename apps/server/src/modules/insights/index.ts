export { insightsRoutes } from './insights.routes';
export { getGroup, moveTeamStates } from './insights.service';
