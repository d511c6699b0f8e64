import { DEFAULT_FLAGS, routes } from '@tidemark/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { makeVerify } from '@/testing/fixtures';
import { ApiError, apiRequest, buildUrl, configureApiClient } from './api-client';

afterEach(() => configureApiClient({ defaultQuery: () => ({}), onUnauthorized: () => {} }));

describe('apiRequest', () => {
  it('fills path parameters and the query, skipping empty values', () => {
    expect(buildUrl(routes.setFlag, { flag: 'insights' }, { tenant_id: 4, is_demo: undefined })).toBe(
      '/v1/flags/insights?tenant_id=4',
    );
  });

  it('sends the CSRF cookie value on state-changing calls only, with same-origin credentials', async () => {
    document.cookie = 'tm_csrf=abc%20def; path=/';
    const { fetchMock } = mockFetch({
      'PUT /v1/flags/insights': { body: { tenant_id: 4, flags: makeFlagsBody() } },
      'GET /v1/auth/verify': { body: makeVerify() },
    });
    await apiRequest(routes.setFlag, {
      params: { flag: 'insights' },
      query: { tenant_id: 4 },
      body: { enabled: true },
    });
    await apiRequest(routes.verify);
    const [put, get] = fetchMock.mock.calls.map((c) => c[1] as RequestInit);
    expect((put?.headers as Record<string, string>)['x-csrf-token']).toBe('abc def');
    expect(put?.credentials).toBe('same-origin');
    expect((get?.headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
  });

  it('adds the default query (demo mode) to every call', async () => {
    configureApiClient({ defaultQuery: () => ({ is_demo: 'true' }) });
    const { calls } = mockFetch({ 'GET /v1/auth/verify': { body: makeVerify() } });
    await apiRequest(routes.verify);
    expect(calls[0]?.url.searchParams.get('is_demo')).toBe('true');
  });

  it('turns an error body into an ApiError with the status and the server message', async () => {
    mockFetch({ 'GET /v1/flags': { status: 403, body: { success: false, message: 'Not a member' } } });
    const error = await apiRequest(routes.getFlags, { query: { tenant_id: 9 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Not a member', serverMessage: 'Not a member' });
  });

  it('falls back to the catalogue message when the body has none', async () => {
    mockFetch({ 'GET /v1/flags': { status: 504, body: undefined } });
    const error = await apiRequest(routes.getFlags).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 504, serverMessage: null });
    expect((error as ApiError).message).toMatch(/servers are not reachable/);
  });

  it('reports a request without an answer as status 0', async () => {
    const { fetchMock } = mockFetch({});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await apiRequest(routes.verify).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isNetworkError: true });
  });

  it('calls the 401 handler unless the caller opted out', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    mockFetch({ 'GET /v1/flags': { status: 401, body: { success: false, message: 'Session expired' } } });
    await apiRequest(routes.getFlags).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await apiRequest(routes.getFlags, { redirectOnUnauthorized: false }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('refuses an answer that does not match the contract', async () => {
    mockFetch({ 'GET /v1/auth/verify': { body: { user: { nope: true } } } });
    await expect(apiRequest(routes.verify)).rejects.toBeInstanceOf(ApiError);
  });

  it('returns the answer as sent by a production route-table entry, which carries no schema', async () => {
    // The production build's `routes.verify` (vite.config.ts): method, path and `response: true` only.
    const productionVerify = {
      method: 'GET',
      path: '/v1/auth/verify',
      response: true,
    } as unknown as typeof routes.verify;
    const body = makeVerify();
    mockFetch({ 'GET /v1/auth/verify': { body } });
    await expect(apiRequest(productionVerify)).resolves.toEqual(body);
  });

  it('answers nothing for a route without a JSON answer', async () => {
    mockFetch({ 'GET /v1/auth/verify': { body: makeVerify() } });
    const redirectOnly = { method: 'GET', path: '/v1/auth/verify' } as unknown as typeof routes.verify;
    await expect(apiRequest(redirectOnly)).resolves.toBeUndefined();
  });
});

function makeFlagsBody() {
  return { ...DEFAULT_FLAGS };
}
