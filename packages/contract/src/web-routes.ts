/**
 * Every path pattern the web app routes (spec 1 §2). The server answers these with the app and status 200,
 * and any other browser path with the app's not-found page and status 404, so crawlers and monitors see
 * the truth. A web test keeps this list and the router's table identical.
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/login',
  '/signup',
  '/demo',
  '/logged-in-as',
  '/customers',
  '/feed',
  '/events',
  '/events/groups/:eventGroupId',
  '/datasources',
  '/metrics',
  '/metrics/:metricId',
  '/preferences',
  '/docs/api',
  '/explorer',
  '/reports',
  '/insights/:insightId',
  '/insights/:insightId/*',
  '/groups/:groupId',
  '/groups/:groupId/*',
  '/onboard/create_tenant',
  '/onboard/join_workspace',
  '/onboard/user_persona',
  '/onboard/app_installation',
  '/onboard/start_trial',
  '/onboard/stripe_add_on',
  '/onboarding',
  '/onboarding/select-datasources',
  '/onboarding/csv',
  '/onboarding/connection/sync',
  '/onboarding/configure-metrics',
  '/onboarding/set-preferences',
  '/onboarding/finish',
  '/onboarding/:connector_name',
  // The explorer page /explorer frames (signed link in its fragment); not in the spec's list.
  '/embed/explorer',
] as const;

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/** `:name` matches one segment, a final `*` one or more; a trailing slash does not matter. */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === '*') return have.length > i;
    const h = have[i];
    if (h === undefined) return false;
    if (!w.startsWith(':') && w !== h) return false;
  }
  return have.length === want.length;
}

export function isAppRoute(pathname: string): boolean {
  return APP_ROUTE_PATTERNS.some((p) => matchesRoutePattern(p, pathname));
}
