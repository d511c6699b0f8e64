import { analyticsRoutes } from './analytics';
import { authRoutes } from './auth';
import { connectionsRoutes } from './connections';
import { devRoutes } from './dev';
import { eventsApiRoutes, eventsRoutes } from './events';
import { filtersRoutes } from './filters';
import { flagsRoutes } from './flags';
import { healthRoutes } from './health';
import { insightsRoutes } from './insights';
import { metricsRoutes } from './metrics';
import { seriesRoutes } from './series';
import { summaryRoutes } from './summary';
import { tenantsRoutes } from './tenants';
import { membersRoutes } from './members';
import { usersRoutes } from './users';
import { tokensRoutes } from './tokens';
import { storesRoutes } from './stores';
import { providersRoutes } from './providers';
import { billingRoutes } from './billing';
import { preferencesRoutes } from './preferences';
import { notificationsRoutes } from './notifications';
import { slackRoutes } from './slack';
import { phoneRoutes } from './phone';
import { reportsRoutes } from './reports';
import { explorerRoutes } from './explorer';
import { homeRoutes } from './home';

export type { Access, HttpMethod, RouteDef } from './route';
export { defineRoute } from './route';

/** Every call of the API: each area's contract file exports its own group. */
export const routes = {
  ...healthRoutes,
  ...authRoutes,
  ...tenantsRoutes,
  ...membersRoutes,
  ...flagsRoutes,
  ...devRoutes,
  ...connectionsRoutes,
  ...metricsRoutes,
  ...seriesRoutes,
  ...insightsRoutes,
  ...summaryRoutes,
  ...filtersRoutes,
  ...eventsRoutes,
  ...eventsApiRoutes,
  ...usersRoutes,
  ...tokensRoutes,
  ...preferencesRoutes,
  ...analyticsRoutes,
  ...storesRoutes,
  ...providersRoutes,
  ...billingRoutes,
  ...notificationsRoutes,
  ...slackRoutes,
  ...phoneRoutes,
  ...reportsRoutes,
  ...explorerRoutes,
  ...homeRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
