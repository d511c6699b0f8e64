import type { FeatureFlag, User } from '@tidemark/contract';
import { isPathWithin, paths } from '@/config/paths';

/**
 * The guarded root's redirect rules (spec 1 §2 Guarded root and Startup behaviour, §6), as pure
 * functions so every case can be tested in a table.
 */

export type GuardUser = Pick<User, 'is_operator' | 'show_onboarding' | 'user_status' | 'tenant_status'>;

export interface GuardRedirect {
  to: string;
  /** Remember the current location so the target page can send the user back (picker, login). */
  rememberFrom?: boolean;
}

/** Where a user who still has to set up their workspace starts, or null when they don't. */
export function onboardingTarget(user: GuardUser): string | null {
  if (!user.show_onboarding || user.user_status !== 'new') return null;
  return user.tenant_status === 'new' ? paths.onboard.createTenant.path : paths.onboard.joinWorkspace.path;
}

/** The store-platform steps: reached from the store sign-up path and from billing too, so onboarded users may open them. */
const STORE_PLATFORM_STEPS = [
  paths.onboard.appInstallation.path,
  paths.onboard.startTrial.path,
  paths.onboard.stripeAddOn.path,
];

export interface GuardInput {
  pathname: string;
  user: GuardUser;
  /** Workspaces in the verify answer. */
  tenantCount: number;
  /** An operator has a customer from the tenant_id URL parameter or the picker. */
  hasCustomer: boolean;
  demoMode?: boolean;
}

/** Pages demo mode hides from the account menu (spec 1 §2 Top bar, §6): opened by URL they go to /events too. */
const DEMO_HIDDEN_PAGES = [paths.preferences.path, paths.datasources.path];

/** Applied on every navigation under the guarded root, in this order. */
export function guardRedirect({
  pathname,
  user,
  tenantCount,
  hasCustomer,
  demoMode = false,
}: GuardInput): GuardRedirect | null {
  const onOnboard = isPathWithin(pathname, paths.onboard.prefix);
  const onCustomers = isPathWithin(pathname, paths.customers.path);

  const onboarding = onboardingTarget(user);
  if (onboarding) return onOnboard ? null : { to: onboarding };
  if (onOnboard && !STORE_PLATFORM_STEPS.some((step) => isPathWithin(pathname, step))) {
    return { to: paths.home.path };
  }

  // Users in demo mode are sent to /events (spec 1 §2 Startup behaviour).
  if (demoMode && DEMO_HIDDEN_PAGES.some((page) => isPathWithin(pathname, page))) {
    return { to: paths.events.path };
  }

  if (user.is_operator) {
    if (!hasCustomer && !onCustomers) return { to: paths.customers.path, rememberFrom: true };
    return null;
  }
  // A user with no workspace at all has nothing to see (spec 1 §2, Logged-in-as page).
  if (tenantCount === 0) return { to: paths.loggedInAs.path };
  if (onCustomers) return { to: paths.home.path };
  return null;
}

/**
 * Members are confined to their own workspaces (spec 1 §6): a link naming another workspace in
 * tenant_id gets the 'Not Allowed' screen instead of silently showing their own data.
 */
export function isForeignTenantLink(input: {
  user: Pick<User, 'is_operator'>;
  memberTenantIds: readonly number[];
  urlTenantId: string | null;
}): boolean {
  if (input.user.is_operator || !input.urlTenantId) return false;
  return !input.memberTenantIds.includes(Number(input.urlTenantId));
}

export type IndexTarget = 'events' | 'feed' | 'home';

export interface IndexInput {
  isDesignPartner: boolean;
  demoMode: boolean;
  flags: Pick<Record<FeatureFlag, boolean>, 'events' | 'digest'>;
  /** The user chose Home in the top bar rather than just arriving at /. */
  explicitHome: boolean;
}

/**
 * "/" is both the guarded root's index and the home page. Arriving there (after login, after
 * picking a customer, or by typing the address) applies the index redirect: /events when the user
 * is not a design partner, or demo mode is on, or the events feature is on; else the home page
 * when the digest feature is on; else /feed. Choosing the Home tab (shown only when digest is on)
 * renders the home page directly, so it never bounces. Neither outcome redirects to "/", so the
 * rule cannot loop.
 */
export function indexTarget({ isDesignPartner, demoMode, flags, explicitHome }: IndexInput): IndexTarget {
  if (explicitHome && flags.digest && !demoMode) return 'home';
  if (!isDesignPartner || demoMode || flags.events) return 'events';
  if (flags.digest) return 'home';
  return 'feed';
}

/** Router state the Home tab sends with its link. */
export const EXPLICIT_HOME_STATE = { home: true } as const;

export function isExplicitHome(state: unknown): boolean {
  return !!state && typeof state === 'object' && 'home' in state && state.home === true;
}

/**
 * Not signed in: go to /login, remembering where the user was going; an `error` query value
 * (e.g. from a provider callback) is carried along so the login page can show its banner.
 */
export function loginRedirect(location: { pathname: string; search: string; hash: string }): {
  to: string;
  state: { from: string };
} {
  const search = new URLSearchParams(location.search);
  const error = search.get('error');
  search.delete('error');
  const rest = search.toString();
  return {
    to: paths.login.getHref({ error }),
    state: { from: `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}` },
  };
}
