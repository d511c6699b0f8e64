import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, TOKEN_MESSAGES } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { createInsightWorkspace } from '../../testing/insight-store';

type Shop = { tenant: { tenant_id: number }; owner: Actor };

describe('API keys (apps/tokens) and the read API behind them', () => {
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let country: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ shop } = await createInsightWorkspace(t));
    other = await createWorkspace(t);
    const dims = (
      await t.app.inject({ method: 'GET', url: '/v1/metrics_hub/dimensions', headers: shop.owner.headers })
    ).json().data as Array<{ name: string; display_name: string }>;
    country = dims.find((d) => d.display_name === 'Country')!.name;
  }, 300_000);
  afterAll(() => t.close());

  const create = (payload: object, headers = shop.owner.headers) =>
    t.app.inject({ method: 'POST', url: '/v1/apps/tokens', headers, payload });
  const withKey = (key: string, url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload ? { payload } : {}),
    });

  it('needs a label, and shows the key once, stored only as a hash', async () => {
    for (const name of ['', '   ']) {
      const res = await create({ name });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(TOKEN_MESSAGES.nameRequired);
    }
    const made = await create({ name: 'Reporting' });
    expect(made.statusCode, made.body).toBe(200);
    const { data } = made.json() as { data: { id: string; token: string; prefix: string; scope: string } };
    expect(data.token.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(data.token.startsWith(data.prefix)).toBe(true);
    expect(data.scope).toBe('all');
    const stored = await t.db.query<Record<string, unknown>>('select * from api_keys where key_id = $1', [
      Number(data.id),
    ]);
    expect(JSON.stringify(stored)).not.toContain(data.token);
    const list = (
      await t.app.inject({ method: 'GET', url: '/v1/apps/tokens', headers: shop.owner.headers })
    ).json();
    expect(JSON.stringify(list)).not.toContain(data.token);
    expect(list.tokens.map((k: { name: string }) => k.name)).toContain('Reporting');
  });

  it('reads the workspace with the key as a signed-in member would, and records its use', async () => {
    const { data } = (await create({ name: 'Dashboards' })).json();
    const bySession = await t.app.inject({
      method: 'GET',
      url: '/v1/insights/groups?page_num=1',
      headers: shop.owner.headers,
    });
    const byKey = await withKey(data.token, '/v1/insights/groups?page_num=1');
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json()).toEqual(bySession.json());
    const [row] = await t.db.query<{ last_used_at: Date | null }>(
      'select last_used_at from api_keys where key_id = $1',
      [Number(data.id)],
    );
    expect(row!.last_used_at).not.toBeNull();
    // Its own workspace only, and never the demo workspace.
    expect(
      (await withKey(data.token, `/v1/insights/groups?tenant_id=${other.tenant.tenant_id}`)).statusCode,
    ).toBe(403);
    expect((await withKey(data.token, '/v1/insights/groups?is_demo=true')).statusCode).toBe(403);
  });

  it('pins a scoped key to its dimension value whatever the query asks', async () => {
    const made = await create({ name: 'Germany', scope: `${country}:DE` });
    expect(made.statusCode, made.body).toBe(200);
    const { data } = made.json();
    expect(data.scope).toBe(`${country}:DE`);
    const metric = (
      await t.app.inject({ method: 'GET', url: '/v1/metrics_hub/metrics', headers: shop.owner.headers })
    ).json().rows[0].kpi_id as string;
    const germany = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/pattern_series?kpi_id=${metric}&pipeline_schedule=d&dim_name=${country}&dim_val=DE`,
        headers: shop.owner.headers,
      })
    ).json();
    for (const asked of ['', `&dim_name=${country}&dim_val=US`]) {
      const res = await withKey(
        data.token,
        `/v1/pattern_series?kpi_id=${metric}&pipeline_schedule=d${asked}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(germany);
    }
    // A scope must name a dimension the workspace has.
    const bad = await create({ name: 'Nowhere', scope: 'planet:Mars' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TOKEN_MESSAGES.badScope);
  });

  it('cannot make keys or change anything, and is never taken from a URL', async () => {
    const { data } = (await create({ name: 'Read only' })).json();
    const made = await withKey(data.token, '/v1/apps/tokens', 'POST', { name: 'Another' });
    expect(made.statusCode).toBe(403);
    expect(made.json().message).toBe(TOKEN_MESSAGES.readOnly);
    expect((await withKey(data.token, `/v1/apps/tokens/${data.id}`, 'DELETE')).statusCode).toBe(403);
    // Session-level calls (who am I, the workspace list) need a person too.
    expect((await withKey(data.token, '/v1/auth/verify')).statusCode).toBe(403);
    const inUrl = await t.app.inject({
      method: 'GET',
      url: `/v1/insights/groups?api_key=${data.token}`,
      headers: shop.owner.headers,
    });
    expect(inUrl.statusCode).toBe(400);
    expect(inUrl.json().message).toBe(TOKEN_MESSAGES.notInUrl);
  });

  it('stops working at once when revoked; unknown keys get 401', async () => {
    const { data } = (await create({ name: 'Short lived' })).json();
    expect((await withKey(data.token, '/v1/insights/groups')).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/v1/apps/tokens/${data.id}`,
      headers: shop.owner.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await withKey(data.token, '/v1/insights/groups');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(TOKEN_MESSAGES.invalid);
    expect((await withKey(`${API_KEY_PREFIX}not-a-key`, '/v1/insights/groups')).statusCode).toBe(401);
    expect((await withKey('garbage', '/v1/insights/groups')).statusCode).toBe(401);
    // Another workspace cannot revoke or see this workspace's keys.
    const { data: kept } = (await create({ name: 'Kept' })).json();
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/v1/apps/tokens/${kept.id}`,
      headers: other.owner.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await withKey(kept.token, '/v1/insights/groups')).statusCode).toBe(200);
  });
});
