// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  guardRedirect,
  indexTarget,
  isForeignTenantLink,
  loginRedirect,
  onboardingTarget,
  type GuardUser,
} from './redirect-rules';

const member: GuardUser = {
  is_operator: false,
  show_onboarding: false,
  user_status: 'active',
  tenant_status: 'active',
};
const operator: GuardUser = { ...member, is_operator: true };
const newUserNewTenant: GuardUser = {
  ...member,
  show_onboarding: true,
  user_status: 'new',
  tenant_status: 'new',
};
const newUserExistingTenant: GuardUser = { ...newUserNewTenant, tenant_status: 'active' };

describe('redirect rules', () => {
  describe('guardRedirect', () => {
    it.each([
      {
        name: 'operator without a customer goes to /customers, remembering the page',
        user: operator,
        pathname: '/feed',
        hasCustomer: false,
        want: { to: '/customers', rememberFrom: true },
      },
      {
        name: 'operator without a customer may stay on /customers',
        user: operator,
        pathname: '/customers',
        hasCustomer: false,
        want: null,
      },
      {
        name: 'operator with a customer stays where they are',
        user: operator,
        pathname: '/feed',
        hasCustomer: true,
        want: null,
      },
      {
        name: 'operator with a customer may open the picker again',
        user: operator,
        pathname: '/customers',
        hasCustomer: true,
        want: null,
      },
      {
        name: 'member is sent away from /customers',
        user: member,
        pathname: '/customers',
        hasCustomer: true,
        want: { to: '/' },
      },
      {
        name: 'member stays on a main route',
        user: member,
        pathname: '/events',
        hasCustomer: true,
        want: null,
      },
      {
        name: 'new user of a new workspace goes to create_tenant',
        user: newUserNewTenant,
        pathname: '/',
        hasCustomer: true,
        want: { to: '/onboard/create_tenant' },
      },
      {
        name: 'new user of an existing workspace goes to join_workspace',
        user: newUserExistingTenant,
        pathname: '/feed',
        hasCustomer: true,
        want: { to: '/onboard/join_workspace' },
      },
      {
        name: 'onboarding user may move between onboard steps',
        user: newUserNewTenant,
        pathname: '/onboard/user_persona',
        hasCustomer: true,
        want: null,
      },
      {
        name: 'onboarding comes before the customer picker',
        user: { ...newUserNewTenant, is_operator: true },
        pathname: '/feed',
        hasCustomer: false,
        want: { to: '/onboard/create_tenant' },
      },
      {
        name: 'visiting /onboard without needing it goes home',
        user: member,
        pathname: '/onboard/create_tenant',
        hasCustomer: true,
        want: { to: '/' },
      },
      {
        name: 'an onboarded user may open the store-platform steps (store sign-up path, billing)',
        user: member,
        pathname: '/onboard/app_installation',
        hasCustomer: true,
        want: null,
      },
      {
        name: 'an onboarded user may open start_trial',
        user: member,
        pathname: '/onboard/start_trial',
        hasCustomer: true,
        want: null,
      },
      {
        name: 'show_onboarding without user_status new does not onboard',
        user: { ...member, show_onboarding: true },
        pathname: '/onboard/join_workspace',
        hasCustomer: true,
        want: { to: '/' },
      },
      {
        name: 'a member without any workspace sees the logged-in-as page',
        user: member,
        pathname: '/events',
        hasCustomer: true,
        tenantCount: 0,
        want: { to: '/logged-in-as' },
      },
      {
        name: 'data onboarding is not workspace onboarding',
        user: member,
        pathname: '/onboarding/csv',
        hasCustomer: true,
        want: null,
      },
    ])('$name', ({ user, pathname, hasCustomer, tenantCount = 1, want }) => {
      expect(guardRedirect({ user, pathname, hasCustomer, tenantCount })).toEqual(want);
    });
  });

  describe('onboardingTarget', () => {
    it.each([
      { user: newUserNewTenant, want: '/onboard/create_tenant' },
      { user: newUserExistingTenant, want: '/onboard/join_workspace' },
      { user: { ...newUserNewTenant, show_onboarding: false }, want: null },
      { user: { ...newUserNewTenant, user_status: 'active' as const }, want: null },
    ])('$user.show_onboarding/$user.user_status/$user.tenant_status → $want', ({ user, want }) => {
      expect(onboardingTarget(user)).toBe(want);
    });
  });

  describe('indexTarget', () => {
    const on = { events: true, digest: true };
    const off = { events: false, digest: false };
    it.each([
      {
        name: 'not a design partner → events',
        isDesignPartner: false,
        demoMode: false,
        flags: off,
        explicitHome: false,
        want: 'events',
      },
      {
        name: 'demo mode → events',
        isDesignPartner: true,
        demoMode: true,
        flags: off,
        explicitHome: false,
        want: 'events',
      },
      {
        name: 'events feature on → events',
        isDesignPartner: true,
        demoMode: false,
        flags: { events: true, digest: false },
        explicitHome: false,
        want: 'events',
      },
      {
        name: 'design partner with digest → home',
        isDesignPartner: true,
        demoMode: false,
        flags: { events: false, digest: true },
        explicitHome: false,
        want: 'home',
      },
      {
        name: 'design partner with neither → feed',
        isDesignPartner: true,
        demoMode: false,
        flags: off,
        explicitHome: false,
        want: 'feed',
      },
      {
        name: 'the Home tab renders home when digest is on',
        isDesignPartner: false,
        demoMode: false,
        flags: on,
        explicitHome: true,
        want: 'home',
      },
      {
        name: 'the Home tab still redirects when digest is off',
        isDesignPartner: false,
        demoMode: false,
        flags: { events: true, digest: false },
        explicitHome: true,
        want: 'events',
      },
      {
        name: 'the Home tab in demo mode lands on events',
        isDesignPartner: true,
        demoMode: true,
        flags: on,
        explicitHome: true,
        want: 'events',
      },
    ] as const)('$name', ({ want, ...input }) => {
      expect(indexTarget(input)).toBe(want);
    });
  });

  describe('isForeignTenantLink', () => {
    it.each([
      { name: 'member without tenant_id', user: member, urlTenantId: null, want: false },
      { name: 'member with their own tenant_id', user: member, urlTenantId: '11', want: false },
      { name: "member with another workspace's tenant_id", user: member, urlTenantId: '12', want: true },
      { name: 'member with a malformed tenant_id', user: member, urlTenantId: 'abc', want: true },
      { name: 'operator with any tenant_id', user: operator, urlTenantId: '12', want: false },
    ])('$name → $want', ({ user, urlTenantId, want }) => {
      expect(isForeignTenantLink({ user, memberTenantIds: [11], urlTenantId })).toBe(want);
    });
  });

  describe('loginRedirect', () => {
    it('remembers the full target and carries the error value to /login', () => {
      expect(
        loginRedirect({ pathname: '/feed', search: '?tenant_id=4&error=google_failed', hash: '#top' }),
      ).toEqual({
        to: '/login?error=google_failed',
        state: { from: '/feed?tenant_id=4#top' },
      });
    });

    it('goes to plain /login without an error value', () => {
      expect(loginRedirect({ pathname: '/metrics/7', search: '', hash: '' })).toEqual({
        to: '/login',
        state: { from: '/metrics/7' },
      });
    });
  });
});
