import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_MESSAGES, routes, type RouteDef } from '@tidemark/contract';
import {
  buildTestApp,
  createOperator,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../testing/build-test-app';

/** A well-formed value for each path parameter; access is decided before validation, so none must exist. */
const SAMPLE_PARAMS: Record<string, string> = { flag: 'insights', datasource_id: 'abcdef12' };
/** Well-formed values for query fields a route requires. */
const SAMPLE_QUERY: Record<string, string> = { kpi_id: '1' };
/** Query fields only one route requires (another route may read the same name differently). */
const ROUTE_QUERY: Record<string, Record<string, string>> = {
  '/v1/preferences': { name: 'MY_METRICS_PREFERENCE' },
};

function urlFor(route: RouteDef, query: Record<string, string | number>): string {
  const path = route.path.replace(/:([a-z_]+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');
  const qs = new URLSearchParams(
    Object.entries({ ...SAMPLE_QUERY, ...ROUTE_QUERY[route.path], ...query }).map(
      ([k, v]): [string, string] => [k, String(v)],
    ),
  ).toString();
  return qs ? `${path}?${qs}` : path;
}

/** A route that names one resource answers 404 for a sample id nobody created; a list answers 200. */
// Series calls name a metric in their query (kpi_id), so they are of the first kind; the explorer's URL
// answers 404 while the workspace has no metrics (spec 1 §7).
const readable = (route: RouteDef) =>
  route.path.includes(':') ||
  route.path.startsWith('/v1/pattern_series') ||
  route.path === '/v1/data-explorers/generate-url'
    ? [200, 404]
    : [200];

const SAMPLE_BODY = { enabled: false };

/**
 * Walks the server's own route table: every tenant-scoped or operator route added later is covered
 * without anyone having to remember to write its isolation test.
 */
describe('tenant isolation', () => {
  let t: TestApp;
  let a: { tenant: { tenant_id: number }; owner: Actor };
  let b: { tenant: { tenant_id: number }; owner: Actor };
  let operator: Actor;
  let guarded: RouteDef[];

  beforeAll(async () => {
    t = await buildTestApp();
    a = await createWorkspace(t, 'Shop A');
    b = await createWorkspace(t, 'Shop B');
    operator = await createOperator(t);
    guarded = t.app.routeTable.filter((r) => r.access === 'tenant' || r.access === 'operator');
  });
  afterAll(() => t.close());

  it('has tenant-scoped routes to check', () => {
    expect(guarded.length).toBeGreaterThan(0);
  });

  it('declares an access rule on every /v1 route', () => {
    const unguarded = t.app.registeredRoutes.filter((r) => r.url.startsWith('/v1') && !r.access);
    expect(unguarded).toEqual([]);
  });

  it('refuses a member of workspace B on every tenant-scoped route of workspace A with 403', async () => {
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method,
        url: urlFor(route, { tenant_id: a.tenant.tenant_id }),
        headers: b.owner.headers,
        ...(route.body ? { payload: SAMPLE_BODY } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(res.json(), `${route.method} ${route.path}`).toMatchObject({ success: false });
    }
  });

  it('answers 401 on every tenant-scoped route without a session', async () => {
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method,
        url: urlFor(route, { tenant_id: a.tenant.tenant_id }),
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('answers 403, not 404 or 500, for a tenant that does not exist', async () => {
    for (const route of guarded.filter((r) => r.access === 'tenant')) {
      const res = await t.app.inject({
        method: route.method,
        url: urlFor(route, { tenant_id: 987654 }),
        headers: a.owner.headers,
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
    }
  });

  it('answers 400 for a malformed tenant_id', async () => {
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method,
        url: urlFor(route, { tenant_id: 'abc' }),
        headers: a.owner.headers,
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(400);
      expect(res.json().message).toMatch(/tenant_id/);
    }
  });

  it('refuses changes in demo mode on every state-changing tenant route', async () => {
    for (const route of guarded.filter((r) => r.method !== 'GET')) {
      const res = await t.app.inject({
        method: route.method,
        url: urlFor(route, { is_demo: 'true' }),
        headers: a.owner.headers,
        payload: SAMPLE_BODY,
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
    }
  });

  it("refuses an operator's changes on every state-changing tenant route of a customer but the sync", async () => {
    const support = new Set([`${routes.syncConnection.method} ${routes.syncConnection.path}`]);
    for (const route of guarded.filter((r) => r.method !== 'GET' && r.access === 'tenant')) {
      if (support.has(`${route.method} ${route.path}`)) continue;
      const res = await t.app.inject({
        method: route.method,
        url: urlFor(route, { tenant_id: a.tenant.tenant_id }),
        headers: operator.headers,
        payload: SAMPLE_BODY,
      });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(res.json().message, `${route.method} ${route.path}`).toBe(ROLE_MESSAGES.operatorReadOnly);
    }
  });

  it('lets an operator read any customer on every tenant-scoped GET route', async () => {
    for (const route of guarded.filter((r) => r.method === 'GET' && r.access === 'tenant')) {
      const res = await t.app.inject({
        method: 'GET',
        url: urlFor(route, { tenant_id: a.tenant.tenant_id }),
        headers: operator.headers,
      });
      expect(readable(route), `${route.method} ${route.path}`).toContain(res.statusCode);
    }
  });

  it('lets a member read their own workspace on every tenant-scoped GET route', async () => {
    for (const route of guarded.filter((r) => r.method === 'GET' && r.access === 'tenant')) {
      const own = await t.app.inject({
        method: 'GET',
        url: urlFor(route, { tenant_id: b.tenant.tenant_id }),
        headers: b.owner.headers,
      });
      expect(readable(route), `${route.method} ${route.path}`).toContain(own.statusCode);
      const implicit = await t.app.inject({
        method: 'GET',
        url: urlFor(route, {}),
        headers: b.owner.headers,
      });
      expect(readable(route), `${route.method} ${route.path} without tenant_id`).toContain(
        implicit.statusCode,
      );
    }
  });

  it("leaves workspace A's flags untouched after B's refused attempt", async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/v1/flags/insights?tenant_id=${a.tenant.tenant_id}`,
      headers: b.owner.headers,
      payload: { enabled: false },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/flags?tenant_id=${a.tenant.tenant_id}`,
      headers: a.owner.headers,
    });
    expect(res.json().flags.insights).toBe(true);
  });
});
