import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILTER_ERRORS,
  GLOBAL_FILTERS_MAX,
  GlobalFiltersResponseSchema,
  type GlobalFilter,
} from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { ordersCsv, uploadCsv } from '../../testing/uploads';

type Shop = { tenant: { tenant_id: number }; owner: Actor };

/** A workspace whose orders have a Country and a Channel dimension, with their values computed. */
async function workspaceWithDimensions(t: TestApp): Promise<Shop> {
  const shop = await createWorkspace(t);
  const upload = (
    await uploadCsv(t, shop.owner.headers, { name: 'orders.csv', content: ordersCsv({ days: 30 }) })
  ).json();
  const item = (field: string, display: string) => ({
    source_table_name: 'orders.csv',
    destination_table_name: upload.import.destination_table_name as string,
    field_name: field,
    display_name: display,
  });
  const onboard = await t.app.inject({
    method: 'POST',
    url: '/v1/metrics_hub/onboard',
    headers: shop.owner.headers,
    payload: {
      datasource_id: upload.datasource_id,
      metrics: [{ ...item('order_id', 'Orders'), aggregation: { type: 'operation', value: 'count' } }],
      dimensions: [item('country', 'Country'), item('channel', 'Channel')],
    },
  });
  expect(onboard.statusCode, onboard.body).toBe(200);
  const pref = await t.app.inject({
    method: 'PATCH',
    url: '/v1/preferences/pipelines',
    headers: shop.owner.headers,
    payload: { preference_value: { date_column: 'created_at' }, datasource_id: upload.datasource_id },
  });
  expect(pref.statusCode, pref.body).toBe(200);
  await t.app.jobs.waitForIdle();
  return shop;
}

describe('global filters (feed/filters)', () => {
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let country: { id: number; name: string };
  let channel: { id: number; name: string };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await workspaceWithDimensions(t);
    other = await createWorkspace(t);
    const dims = (
      await t.app.inject({ method: 'GET', url: '/v1/metrics_hub/dimensions', headers: shop.owner.headers })
    ).json().data as Array<{ id: number; name: string; display_name: string }>;
    country = dims.find((d) => d.display_name === 'Country')!;
    channel = dims.find((d) => d.display_name === 'Channel')!;
  }, 120_000);
  afterAll(() => t.close());

  const as = (actor: Actor) => ({
    list: () => t.app.inject({ method: 'GET', url: '/v1/feed/filters', headers: actor.headers }),
    create: (payload: object) =>
      t.app.inject({ method: 'POST', url: '/v1/feed/filters', headers: actor.headers, payload }),
    remove: (id: number, query = '') =>
      t.app.inject({ method: 'DELETE', url: `/v1/feed/filters/${id}${query}`, headers: actor.headers }),
  });
  const owner = () => as(shop.owner);
  const filters = async (actor = shop.owner) =>
    GlobalFiltersResponseSchema.parse((await as(actor).list()).json()).data;
  const usFilter = (extra: object = {}) => ({
    tenant_id: shop.tenant.tenant_id,
    dimension_id: country.id,
    dimension_name: country.name,
    dimension_value: 'US',
    display_name: 'United States',
    ...extra,
  });

  it('lists no filters for a workspace that saved none', async () => {
    const res = await as(other.owner).list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it("offers the dimension's values for the drawer", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/metrics_hub/dimensions/${country.id}/values`,
      headers: shop.owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect([...(res.json().data as string[])].sort()).toEqual(['DE', 'GB', 'US']);
  });

  let us: GlobalFilter;
  it('saves a filter sent as the spec words the payload, and lists it', async () => {
    const res = await owner().create(usFilter());
    expect(res.statusCode, res.body).toBe(200);
    us = res.json().data;
    expect(res.json()).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        display_name: 'United States',
        dimension_id: country.id,
        dimension_name: country.name,
        dimension_value: 'US',
        is_default: false,
        tenant_id: shop.tenant.tenant_id,
      },
    });
    expect(await filters()).toEqual([us]);
  });

  it('keeps one default per workspace, listed first; a new default replaces the old', async () => {
    const de = (
      await owner().create(usFilter({ dimension_value: 'DE', display_name: 'Germany', is_default: true }))
    ).json().data as GlobalFilter;
    expect(de.is_default).toBe(true);
    const email = (
      await owner().create({
        dimension_id: channel.id,
        dimension_name: channel.name,
        dimension_value: 'Email',
        display_name: 'Email orders',
        is_default: true,
      })
    ).json().data as GlobalFilter;
    const list = await filters();
    expect(list.map((f) => [f.display_name, f.is_default])).toEqual([
      ['Email orders', true],
      ['Germany', false],
      ['United States', false],
    ]);
    expect(list[0]!.id).toBe(email.id);
  });

  it.each([
    { name: 'an empty name', body: { display_name: '  ' }, status: 400 },
    { name: 'a name with control characters', body: { display_name: 'a\u0000b' }, status: 400 },
    { name: 'a missing value', body: { dimension_value: undefined }, status: 400 },
    { name: 'an unknown dimension', body: { dimension_id: 987654 }, status: 404 },
    {
      name: 'a name that is not the dimension’s',
      body: { dimension_name: 'channel_of_sale' },
      status: 400,
      message: FILTER_ERRORS.dimensionMismatch,
    },
    {
      name: 'a value the dimension does not have',
      body: { dimension_value: 'FR', display_name: 'France' },
      status: 400,
      message: FILTER_ERRORS.unknownValue,
    },
    {
      name: 'a name already used, in another case',
      body: { dimension_value: 'GB', display_name: 'UNITED states' },
      status: 409,
      message: FILTER_ERRORS.duplicateName,
    },
    {
      name: 'a dimension value already saved',
      body: { display_name: 'USA again' },
      status: 409,
      message: FILTER_ERRORS.duplicateValue,
    },
    {
      name: 'another workspace named in the body',
      body: { tenant_id: 987654, dimension_value: 'GB', display_name: 'Britain' },
      status: 403,
      message: FILTER_ERRORS.otherTenant,
    },
  ])('refuses $name with $status', async ({ body, status, message }) => {
    const before = await filters();
    const res = await owner().create(usFilter(body));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().success).toBe(false);
    if (message) expect(res.json().message).toBe(message);
    expect(await filters()).toEqual(before);
  });

  it('refuses to delete the default filter or the applied one, and deletes any other', async () => {
    const [byDefault, germany] = await filters();
    const refusedDefault = await owner().remove(byDefault!.id);
    expect(refusedDefault.statusCode).toBe(409);
    expect(refusedDefault.json()).toEqual({ success: false, message: FILTER_ERRORS.defaultNotDeletable });

    const applied = `?dim_name=${encodeURIComponent(germany!.dimension_name)}&dim_val=DE`;
    const refusedApplied = await owner().remove(germany!.id, applied);
    expect(refusedApplied.statusCode).toBe(409);
    expect(refusedApplied.json().message).toBe(FILTER_ERRORS.appliedNotDeletable);

    const removed = await owner().remove(germany!.id, `?dim_name=${country.name}&dim_val=US`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect((await filters()).map((f) => f.display_name)).toEqual(['Email orders', 'United States']);
    expect((await owner().remove(germany!.id)).statusCode).toBe(404);
  });

  it("neither shows nor deletes another workspace's filters", async () => {
    expect(await filters(other.owner)).toEqual([]);
    const res = await as(other.owner).remove(us.id);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('United States');
    // B cannot file a filter on A's dimension either: it is not one of B's.
    expect(
      (await as(other.owner).create(usFilter({ tenant_id: undefined, display_name: 'Mine' }))).statusCode,
    ).toBe(404);
    expect((await filters()).some((f) => f.id === us.id)).toBe(true);
  });

  it(`keeps at most ${GLOBAL_FILTERS_MAX} filters per workspace`, async () => {
    const have = (await filters()).length;
    // Values outside the dimension's list can only be planted in SQL; they just fill the quota.
    for (let i = have; i < GLOBAL_FILTERS_MAX; i++) {
      await t.db.query(
        `insert into global_filters (tenant_id, display_name, dimension_id, dimension_name, dimension_value)
         values ($1, $2, $3, $4, $5)`,
        [shop.tenant.tenant_id, `Planted ${i}`, channel.id, channel.name, `v${i}`],
      );
    }
    const res = await owner().create(usFilter({ dimension_value: 'GB', display_name: 'Britain' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(FILTER_ERRORS.tooMany);
  });

  it('refuses changes in demo mode but lists the demo workspace’s filters', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/feed/filters?is_demo=true',
      headers: shop.owner.headers,
      payload: usFilter({ dimension_value: 'GB', display_name: 'Britain' }),
    });
    expect(created.statusCode).toBe(403);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/feed/filters?is_demo=true',
      headers: shop.owner.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([]);
  });
});
