import { routes as contractRoutes } from '@tidemark/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest, configureApiClient } from '@/lib/api-client';
import { setDemoMode } from '@/session';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { wireApiClient } from './wire-api-client';

afterEach(() => configureApiClient({ defaultQuery: () => ({}), onUnauthorized: () => {} }));

describe('wireApiClient', () => {
  it('sends the user to /login, remembering the page, when a data call answers 401', async () => {
    mockFetch({
      'GET /v1/auth/verify': { body: makeVerify() },
      'GET /v1/flags': { body: makeFlags() },
      'GET /v1/tenants/info': { status: 401, body: { success: false, message: 'Session expired' } },
    });
    const { router, queryClient } = renderRoute('/reports?x=1');
    wireApiClient(router, queryClient);
    // The shell's first call for the workspace's info answers 401.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/reports?x=1' });
  });

  it('adds is_demo=true to every call while demo mode is on', async () => {
    setDemoMode(true);
    const { calls } = mockFetch({
      'GET /v1/auth/verify': { body: makeVerify() },
      'GET /v1/flags': { body: makeFlags() },
    });
    const { router, queryClient } = renderRoute('/events');
    wireApiClient(router, queryClient);
    await apiRequest(contractRoutes.verify);
    expect(calls.at(-1)?.url.searchParams.get('is_demo')).toBe('true');
  });
});
