import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FLAGS, FEATURE_FLAGS } from '@tidemark/contract';
import {
  buildTestApp,
  createOperator,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';

describe('feature flags', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let operator: Actor;
  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    operator = await createOperator(t);
  });
  afterAll(() => t.close());

  it('serves every flag with its default to a member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/flags', headers: shop.owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tenant_id: shop.tenant.tenant_id, flags: DEFAULT_FLAGS });
    expect(Object.keys(res.json().flags).sort()).toEqual([...FEATURE_FLAGS].sort());
  });

  it('lets an operator turn a flag of a customer off and on, and the member sees it', async () => {
    const put = (enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/v1/flags/events?tenant_id=${shop.tenant.tenant_id}`,
        headers: operator.headers,
        payload: { enabled },
      });
    expect((await put(false)).json().flags.events).toBe(false);
    let seen = await t.app.inject({ method: 'GET', url: '/v1/flags', headers: shop.owner.headers });
    expect(seen.json().flags.events).toBe(false);
    await put(true);
    seen = await t.app.inject({ method: 'GET', url: '/v1/flags', headers: shop.owner.headers });
    expect(seen.json().flags.events).toBe(true);
  });

  it('refuses a member changing their own flags', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v1/flags/explorer?tenant_id=${shop.tenant.tenant_id}`,
      headers: shop.owner.headers,
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 for an unknown flag name and 404 for an unknown workspace', async () => {
    const unknownFlag = await t.app.inject({
      method: 'PUT',
      url: `/v1/flags/teleport?tenant_id=${shop.tenant.tenant_id}`,
      headers: operator.headers,
      payload: { enabled: true },
    });
    expect(unknownFlag.statusCode).toBe(400);
    const unknownTenant = await t.app.inject({
      method: 'PUT',
      url: '/v1/flags/events?tenant_id=999999',
      headers: operator.headers,
      payload: { enabled: true },
    });
    expect(unknownTenant.statusCode).toBe(404);
  });

  it('refuses a change made with the cookie but without the CSRF header', async () => {
    const { 'x-csrf-token': _omit, ...cookieOnly } = operator.headers;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v1/flags/events?tenant_id=${shop.tenant.tenant_id}`,
      headers: cookieOnly,
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/CSRF/);
  });
});
