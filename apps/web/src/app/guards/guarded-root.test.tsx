import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setDemoMode, selectCustomer } from '@/session';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

type Verify = ReturnType<typeof makeVerify>;

function serve(verify: Verify | 401, flags = makeFlags()) {
  return mockFetch({
    'GET /v1/auth/verify':
      verify === 401 ? { status: 401, body: { success: false, message: 'Not signed in' } } : { body: verify },
    'GET /v1/flags': { body: flags },
    'GET /v1/tenants/info': {
      body: {
        tenant_id: 11,
        last_digest_ts: { day: null, month: null, quarter: null },
        is_forecast_enabled: true,
        currency: 'USD',
        currency_symbol: '$',
        timezone: 'Etc/UTC',
        last_insight_ts: null,
      },
    },
  });
}

async function landsOn(router: ReturnType<typeof renderRoute>['router'], pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

describe('GuardedRoot', () => {
  it('sends a visitor who is not signed in to /login and remembers the target', async () => {
    serve(401);
    const { router } = renderRoute('/metrics/42?tenant_id=3');
    await landsOn(router, '/login');
    expect(router.state.location.state).toEqual({ from: '/metrics/42?tenant_id=3' });
    expect(
      await screen.findByRole('heading', { name: 'Go Live in 15 mins, 3 steps to get started!' }),
    ).toBeTruthy();
  });

  it('carries an error value to /login, where its banner shows', async () => {
    serve(401);
    const { router } = renderRoute('/feed?error=link_expired');
    await landsOn(router, '/login');
    expect(router.state.location.search).toBe('?error=link_expired');
    expect((await screen.findByRole('alert')).textContent).toContain('expired');
  });

  it.each([
    {
      name: 'operator without a customer → /customers',
      verify: makeVerify({ is_operator: true }),
      path: '/feed',
      want: '/customers',
    },
    {
      name: 'operator with a stored customer stays',
      verify: makeVerify({ is_operator: true }),
      stored: 12,
      path: '/feed',
      want: '/feed',
    },
    {
      name: 'operator with tenant_id in the URL stays',
      verify: makeVerify({ is_operator: true }),
      path: '/reports?tenant_id=12',
      want: '/reports',
    },
    {
      name: 'new user of a new workspace → create_tenant',
      verify: makeVerify({ show_onboarding: true, user_status: 'new', tenant_status: 'new' }),
      path: '/',
      want: '/onboard/create_tenant',
    },
    {
      name: 'new user of an existing workspace → join_workspace',
      verify: makeVerify({ show_onboarding: true, user_status: 'new', tenant_status: 'active' }),
      path: '/events',
      want: '/onboard/join_workspace',
    },
    {
      name: 'onboard path without onboarding → / → index redirect',
      verify: makeVerify(),
      path: '/onboard/create_tenant',
      want: '/events',
    },
    {
      name: 'member on /customers → / → index redirect',
      verify: makeVerify(),
      path: '/customers',
      want: '/events',
    },
    { name: 'index: not a design partner → /events', verify: makeVerify(), path: '/', want: '/events' },
    {
      name: 'index: design partner with events on → /events',
      verify: makeVerify({ is_design_partner: true }),
      path: '/',
      want: '/events',
    },
    {
      name: 'index: design partner, events off, digest on → home',
      verify: makeVerify({ is_design_partner: true }),
      flags: makeFlags({ events: false, digest: true }),
      path: '/',
      want: '/',
    },
    {
      name: 'index: design partner, events and digest off → /feed',
      verify: makeVerify({ is_design_partner: true }),
      flags: makeFlags({ events: false, digest: false }),
      path: '/',
      want: '/feed',
    },
    {
      name: 'demo mode: /preferences opened by URL → /events',
      verify: makeVerify(),
      demo: true,
      path: '/preferences?tab=billing',
      want: '/events',
    },
    {
      name: 'demo mode: /datasources opened by URL → /events',
      verify: makeVerify(),
      demo: true,
      path: '/datasources',
      want: '/events',
    },
    {
      name: 'index: demo mode → /events',
      verify: makeVerify({ is_design_partner: true }),
      flags: makeFlags({ events: false, digest: true }),
      demo: true,
      path: '/',
      want: '/events',
    },
  ])('$name', async ({ verify, flags, stored, demo, path, want }) => {
    serve(verify, flags);
    if (stored) selectCustomer(stored);
    if (demo) setDemoMode(true);
    const { router } = renderRoute(path);
    await landsOn(router, want);
    // Settled: the page of the target renders (no redirect loop, no blank screen).
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe(want);
  });

  it("refuses a member on another workspace's URL with the catalogue's Not Allowed screen", async () => {
    const { callsTo } = serve(makeVerify());
    renderRoute('/events?tenant_id=99');
    expect(await screen.findByRole('heading', { name: 'Not Allowed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Over' })).toBeTruthy();
    expect(callsTo('/v1/flags')).toHaveLength(0);
  });

  it('remembers where the operator was going so the picker can send them back', async () => {
    serve(makeVerify({ is_operator: true }));
    const { router } = renderRoute('/metrics/9');
    await landsOn(router, '/customers');
    expect(router.state.location.state).toEqual({ from: '/metrics/9' });
  });

  it('shows the catalogue error with a retry when verify fails on the server', async () => {
    mockFetch({ 'GET /v1/auth/verify': { status: 503, body: { success: false, message: 'down' } } });
    renderRoute('/events');
    // verify retries server failures twice with back-off before giving up.
    expect(
      await screen.findByRole('heading', { name: 'Internal Server Error' }, { timeout: 6000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
