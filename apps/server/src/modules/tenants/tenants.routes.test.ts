import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_MESSAGES } from '@tidemark/contract';
import { signInByEmail } from '../auth';
import {
  actorFor,
  buildTestApp,
  contextOf,
  createOperator,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import type { TenantRow } from './tenants.repository';

type Shop = { tenant: TenantRow; owner: Actor };

describe('workspace onboarding calls (tenants/{uuid})', () => {
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let colleague: Actor;

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    other = await createWorkspace(t);
    // Sign-up names a workspace after its domain; give both known names.
    await t.db.query(`update tenants set display_name = 'Lumen Candles' where tenant_id = $1`, [
      shop.tenant.tenant_id,
    ]);
    await t.db.query(`update tenants set display_name = 'Other Goods' where tenant_id = $1`, [
      other.tenant.tenant_id,
    ]);
    // A second address of the same domain joins the existing workspace at sign-up.
    const domain = shop.owner.email.split('@')[1]!;
    colleague = await actorFor(
      t,
      await signInByEmail(contextOf(t), { email: `sam@${domain}`, plan: 'shopify', shopifyData: null }),
    );
  });
  afterAll(() => t.close());

  const patch = (actor: Actor, uuid: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/v1/tenants/${uuid}`, headers: actor.headers, payload });
  const verify = async (actor: Actor) =>
    (await t.app.inject({ method: 'GET', url: '/v1/auth/verify', headers: actor.headers })).json().user;

  it('shows the team: name, logo, member count, store and why the caller is in it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/tenants/${shop.tenant.tenant_uuid}`,
      headers: colleague.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      tenant_uuid: shop.tenant.tenant_uuid,
      display_name: 'Lumen Candles',
      logo_path: null,
      member_count: 2,
      store_url: null,
      joined_via: 'domain',
      email_domain: shop.owner.email.split('@')[1],
    });
  });

  it.each([
    [
      'a name over 40 characters',
      { display_name: 'x'.repeat(41), store_url: 'https://a.test' },
      WORKSPACE_MESSAGES.nameTooLong,
    ],
    ['an empty name', { display_name: '   ', store_url: 'https://a.test' }, WORKSPACE_MESSAGES.nameRequired],
    ['an empty store URL', { display_name: 'Lumen', store_url: '' }, WORKSPACE_MESSAGES.storeUrlRequired],
    [
      'a relative store URL',
      { display_name: 'Lumen', store_url: 'lumen.test' },
      WORKSPACE_MESSAGES.storeUrlInvalid,
    ],
    [
      'a non-web store URL',
      { display_name: 'Lumen', store_url: 'ftp://lumen.test' },
      WORKSPACE_MESSAGES.storeUrlInvalid,
    ],
    [
      'a script store URL',
      { display_name: 'Lumen', store_url: 'javascript:alert(1)' },
      WORKSPACE_MESSAGES.storeUrlInvalid,
    ],
  ])('refuses %s with 400 and the form message', async (_, payload, message) => {
    const res = await patch(shop.owner, shop.tenant.tenant_uuid, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('keeps the workspace unchanged after a refused change', async () => {
    const [row] = await t.db.query<TenantRow>('select * from tenants where tenant_id = $1', [
      shop.tenant.tenant_id,
    ]);
    expect(row).toMatchObject({ display_name: 'Lumen Candles', store_url: null, tenant_status: 'new' });
  });

  it('names the workspace, records the store and moves the owner on to join_workspace', async () => {
    expect(await verify(shop.owner)).toMatchObject({ tenant_status: 'new', user_status: 'new' });
    const name = 'L'.repeat(40);
    const res = await patch(shop.owner, shop.tenant.tenant_uuid, {
      display_name: `  ${name} `,
      store_url: 'https://lumen-candles.test/shop',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: WORKSPACE_MESSAGES.created,
      data: expect.objectContaining({ display_name: name, store_url: 'https://lumen-candles.test/shop' }),
    });
    expect(await verify(shop.owner)).toMatchObject({ tenant_status: 'active', user_status: 'new' });
    const back = await patch(shop.owner, shop.tenant.tenant_uuid, {
      display_name: 'Lumen Candles',
      store_url: 'http://lumen-candles.test',
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("refuses another workspace's name, whatever its case", async () => {
    const res = await patch(shop.owner, shop.tenant.tenant_uuid, {
      display_name: 'OTHER goods',
      store_url: 'https://lumen-candles.test',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WORKSPACE_MESSAGES.nameTaken);
  });

  it("refuses a member of another workspace on this one's calls with 403, and leaves it unchanged", async () => {
    const uuid = shop.tenant.tenant_uuid;
    const attempts = [
      () => t.app.inject({ method: 'GET', url: `/v1/tenants/${uuid}`, headers: other.owner.headers }),
      () => patch(other.owner, uuid, { display_name: 'Hijacked', store_url: 'https://evil.test' }),
      () =>
        t.app.inject({
          method: 'POST',
          url: `/v1/tenants/${uuid}/join`,
          headers: other.owner.headers,
          payload: { user_email: other.owner.email },
        }),
      // Naming the workspace in tenant_id as well changes nothing: membership is checked first.
      () =>
        t.app.inject({
          method: 'GET',
          url: `/v1/tenants/${uuid}?tenant_id=${shop.tenant.tenant_id}`,
          headers: other.owner.headers,
        }),
    ];
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(403);
    const [row] = await t.db.query<TenantRow>('select * from tenants where tenant_id = $1', [
      shop.tenant.tenant_id,
    ]);
    expect(row!.display_name).toBe('Lumen Candles');
  });

  it('answers an unknown workspace id like a foreign one (403), and text that is no id with 404', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/v1/tenants/00000000-0000-4000-8000-000000000000',
      headers: shop.owner.headers,
    });
    expect(unknown.statusCode).toBe(403);
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/v1/tenants/abc',
      headers: shop.owner.headers,
    });
    expect(garbage.statusCode).toBe(404);
  });

  it('says a workspace without a metric needs data, and stops once it has one; never for all-customers', async () => {
    const info = async (actor: Actor, query = '') =>
      (await t.app.inject({ method: 'GET', url: `/v1/tenants/info${query}`, headers: actor.headers })).json();
    expect((await info(other.owner)).needs_data).toBe(true);
    const operator = await createOperator(t);
    const [all] = await t.db.query<{ tenant_id: number }>(
      'select tenant_id from tenants where is_all_customers',
    );
    expect((await info(operator, `?tenant_id=${all!.tenant_id}`)).needs_data).toBe(false);
    // A metric of its own: the smallest rows the catalogue needs to hold one.
    const [conn] = await t.db.query<{ connection_id: number }>(
      `insert into connections (tenant_id, datasource_id, connector_name, connection_name)
       values ($1, 'ds-needs-data', 'csv', 'orders.csv') returning connection_id`,
      [other.tenant.tenant_id],
    );
    const [table] = await t.db.query<{ table_id: number }>(
      `insert into warehouse_tables (tenant_id, connection_id, source_table_name, destination_table_name)
       values ($1, $2, 'orders.csv', 't_orders') returning table_id`,
      [other.tenant.tenant_id, conn!.connection_id],
    );
    await t.db.query(
      `insert into metrics (tenant_id, connection_id, table_id, kpi_name, kpi_display_name, field_name, aggregation_operation)
       values ($1, $2, $3, 'revenue', 'Revenue', 'total', 'sum')`,
      [other.tenant.tenant_id, conn!.connection_id, table!.table_id],
    );
    expect((await info(other.owner)).needs_data).toBe(false);
  });

  it('lets an operator read a customer team but not join it', async () => {
    const operator = await createOperator(t);
    const url = `/v1/tenants/${shop.tenant.tenant_uuid}?tenant_id=${shop.tenant.tenant_id}`;
    const read = await t.app.inject({ method: 'GET', url, headers: operator.headers });
    expect(read.statusCode).toBe(200);
    const join = await t.app.inject({
      method: 'POST',
      url: `/v1/tenants/${shop.tenant.tenant_uuid}/join?tenant_id=${shop.tenant.tenant_id}`,
      headers: operator.headers,
      payload: { user_email: operator.email },
    });
    expect(join.statusCode).toBe(403);
  });

  it('joins the team, and a second join is harmless', async () => {
    const join = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/tenants/${shop.tenant.tenant_uuid}/join`,
        headers: colleague.headers,
        payload: { user_email: colleague.email.toUpperCase() },
      });
    const first = await join();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, message: WORKSPACE_MESSAGES.joined });
    const [joined] = await t.db.query<{ joined_at: Date }>(
      'select joined_at from memberships where tenant_id = $1 and user_id = $2',
      [shop.tenant.tenant_id, colleague.userId],
    );
    const joinedAt = joined!.joined_at;
    expect(joinedAt).toBeInstanceOf(Date);

    const second = await join();
    expect(second.statusCode).toBe(200);
    const rows = await t.db.query<{ joined_at: Date }>(
      'select joined_at from memberships where tenant_id = $1 and user_id = $2',
      [shop.tenant.tenant_id, colleague.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.joined_at.getTime()).toBe(joinedAt.getTime());
    const team = await t.app.inject({
      method: 'GET',
      url: `/v1/tenants/${shop.tenant.tenant_uuid}`,
      headers: colleague.headers,
    });
    expect(team.json().member_count).toBe(2);
  });

  it("refuses a join under another user's address with 403", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/tenants/${shop.tenant.tenant_uuid}/join`,
      headers: colleague.headers,
      payload: { user_email: shop.owner.email },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(WORKSPACE_MESSAGES.joinOtherUser);
  });

  it('refuses renaming the demo workspace', async () => {
    const [demo] = await t.db.query<{ tenant_uuid: string }>('select tenant_uuid from tenants where is_demo');
    const res = await patch(shop.owner, demo!.tenant_uuid, {
      display_name: 'Mine',
      store_url: 'https://a.test',
    });
    expect(res.statusCode).toBe(403);
  });
});
