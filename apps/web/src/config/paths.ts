import { isSafeInternalPath } from '@tidemark/contract';

/**
 * Every in-app URL. `path` is the router pattern; `getHref` builds a concrete link.
 * Components never write a literal in-app URL.
 */

type QueryValue = string | number | boolean | null | undefined;
export type QueryInput = Record<string, QueryValue>;

/** Appends the defined query values, in the given order. */
export function withQuery(path: string, query: QueryInput = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

const fixed = <P extends string>(path: P) => ({
  path,
  getHref: (query?: QueryInput) => withQuery(path, query),
});

export interface LoginQuery extends QueryInput {
  error?: string | null;
  redirect?: string;
  location?: string;
  plan?: string;
  shopify_data?: string;
  mode?: string;
}

export const paths = {
  home: fixed('/'),
  login: { path: '/login', getHref: (query?: LoginQuery) => withQuery('/login', query) },
  signup: { path: '/signup', getHref: (query?: LoginQuery) => withQuery('/signup', query) },
  demo: fixed('/demo'),
  loggedInAs: fixed('/logged-in-as'),
  customers: fixed('/customers'),

  feed: fixed('/feed'),
  events: fixed('/events'),
  eventGroup: {
    path: '/events/groups/:eventGroupId',
    getHref: (eventGroupId: string | number) => `/events/groups/${encodeURIComponent(eventGroupId)}`,
  },
  datasources: fixed('/datasources'),
  metrics: fixed('/metrics'),
  metric: {
    path: '/metrics/:metricId',
    getHref: (metricId: string | number) => `/metrics/${encodeURIComponent(metricId)}`,
  },
  preferences: {
    path: '/preferences',
    getHref: (tab = 'profile') => withQuery('/preferences', { tab }),
  },
  docsApi: fixed('/docs/api'),
  explorer: fixed('/explorer'),
  /** The explorer page /explorer frames; its signed token travels in the fragment. */
  embedExplorer: fixed('/embed/explorer'),
  reports: fixed('/reports'),
  insight: {
    path: '/insights/:insightId',
    getHref: (insightId: string | number) => `/insights/${encodeURIComponent(insightId)}`,
  },
  insightDetail: {
    path: '/insights/:insightId/*',
    getHref: (insightId: string | number, suffix: string) =>
      `/insights/${encodeURIComponent(insightId)}/${suffix.replace(/^\/+/, '')}`,
  },
  group: {
    path: '/groups/:groupId',
    getHref: (groupId: string | number) => `/groups/${encodeURIComponent(groupId)}`,
  },
  groupDetail: {
    path: '/groups/:groupId/*',
    getHref: (groupId: string | number, suffix: string) =>
      `/groups/${encodeURIComponent(groupId)}/${suffix.replace(/^\/+/, '')}`,
  },

  onboard: {
    prefix: '/onboard',
    createTenant: fixed('/onboard/create_tenant'),
    joinWorkspace: fixed('/onboard/join_workspace'),
    userPersona: fixed('/onboard/user_persona'),
    appInstallation: fixed('/onboard/app_installation'),
    startTrial: fixed('/onboard/start_trial'),
    stripeAddOn: fixed('/onboard/stripe_add_on'),
  },
  onboarding: {
    root: fixed('/onboarding'),
    selectDatasources: fixed('/onboarding/select-datasources'),
    csv: fixed('/onboarding/csv'),
    connectionSync: fixed('/onboarding/connection/sync'),
    configureMetrics: fixed('/onboarding/configure-metrics'),
    setPreferences: fixed('/onboarding/set-preferences'),
    finish: fixed('/onboarding/finish'),
    connector: {
      path: '/onboarding/:connector_name',
      getHref: (connectorName: string) => `/onboarding/${encodeURIComponent(connectorName)}`,
    },
  },
} as const;

/** True when `pathname` is `base` itself or below it (`/events` matches `/events/groups/1`). */
export function isPathWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(base.endsWith('/') ? base : `${base}/`);
}

/** A redirect target, or null when the contract's one judge of safe paths refuses it. */
export function safeInternalPath(value: string | null | undefined): string | null {
  return isSafeInternalPath(value) ? value : null;
}
