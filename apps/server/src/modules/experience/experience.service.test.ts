import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, contextOf, type Actor, type TestApp } from '../../testing/build-test-app';
import { INSIGHT_STORE, createInsightWorkspace } from '../../testing/insight-store';
import { raiseExperienceEvents } from './experience.service';

const { START, SPIKE_DAY, DROP_FROM } = INSIGHT_STORE;
const day = (d: number) => new Date(START + d * 86_400_000).toISOString();

interface WireGroup {
  event_group_id: string;
  sub_type: string;
  type: string;
  status: string;
  severity: string;
  title: string;
  summary: string;
  kpi_id: string | null;
  event_group_ts_start: string;
  event_group_ts_end: string;
  affected_components: string[];
  dimensions: Array<{ dimension_name: string }>;
  events: Array<{
    event_uuid: string;
    payload: { current_value: number; baseline: number; upper_cap: number; lower_cap: number };
    top_dimension: string | null;
  }>;
}

describe('experience events', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let orders: number;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ shop } = await createInsightWorkspace(t));
    orders = (
      await t.db.query<{ kpi_id: number }>(
        `select kpi_id::int from metrics where tenant_id = $1 and kpi_display_name = 'Orders'`,
        [shop.tenant.tenant_id],
      )
    )[0]!.kpi_id;
  }, 180_000);
  afterAll(() => t.close());

  const ctx = () => ({ ...contextOf(t), tenantId: shop.tenant.tenant_id });
  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: shop.owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const experienceGroups = () =>
    get<{ event_groups: WireGroup[] }>(
      `/v1/events/groups?sub_type=experience&start_time=2024-01-01&end_time=2030-01-01`,
    ).then((r) => r.event_groups);

  it('raises nothing for a metric that is not an experience metric', async () => {
    expect(await raiseExperienceEvents(ctx())).toBe(0);
    expect(await experienceGroups()).toHaveLength(0);
  });

  it('raises the drop and the spike of a metric marked as experience, with payload and root cause', async () => {
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/v1/metrics_hub/metrics/${orders}`,
      headers: shop.owner.headers,
      payload: { is_experience: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().metric.is_experience).toBe(true);
    expect(await raiseExperienceEvents(ctx())).toBeGreaterThan(0);
    const groups = await experienceGroups();
    const drop = groups.find((g) => g.event_group_ts_start === day(DROP_FROM));
    expect(drop, JSON.stringify(groups.map((g) => [g.title, g.event_group_ts_start]))).toBeDefined();
    expect(drop!.type).toBe('error');
    expect(drop!.kpi_id).toBe(String(orders));
    expect(drop!.title).toMatch(/^Orders dropped \d+% below expected$/);
    expect(drop!.severity).toBe('High');
    // Written through the events area: an ongoing experience event alerts as site errors do.
    expect(drop!.status).toBe('Active');
    const claimed = await t.db.query(
      `select 1 from notification_items where tenant_id = $1 and kind = 'event_group' and item_id = $2`,
      [shop.tenant.tenant_id, drop!.event_group_id],
    );
    expect(claimed).toHaveLength(1);
    const spike = groups.find((g) => g.event_group_ts_start === day(SPIKE_DAY));
    expect(spike?.title).toMatch(/^Orders rose \d+% above expected$/);
    // A favourable move has no business impact.
    expect(spike?.severity).toBe('Low');

    const detail = await get<WireGroup>(`/v1/events/groups/${drop!.event_group_id}`);
    expect(detail.events.length).toBeGreaterThan(0);
    const row = detail.events.at(-1)!;
    expect(Object.keys(row.payload).sort()).toEqual(['baseline', 'current_value', 'lower_cap', 'upper_cap']);
    expect(row.payload.current_value).toBeLessThan(row.payload.lower_cap);
    expect(row.payload.lower_cap).toBeLessThan(row.payload.baseline);
    expect(row.top_dimension).toBe('country');
    expect(detail.dimensions.map((d) => d.dimension_name).sort()).toEqual(['channel', 'country']);
    expect(detail.affected_components[0]).toBe('Country: DE');

    const rc = await get<{
      data: { rootcause_details: Array<{ dimension_value: string; dimension_value_movement_pct: number }> };
    }>(`/v1/events/${row.event_uuid}/rootcause?dimension_names=country`);
    expect(rc.data.rootcause_details[0]).toMatchObject({
      dimension_value: 'DE',
      dimension_value_movement_pct: -100,
    });
  });

  it('never duplicates an event when it runs again', async () => {
    const before = await experienceGroups();
    await raiseExperienceEvents(ctx());
    const after = await experienceGroups();
    expect(after.map((g) => g.event_group_id).sort()).toEqual(before.map((g) => g.event_group_id).sort());
  });

  it('watches closer with the Small preference: caps at one standard deviation', async () => {
    const before = await experienceGroups();
    const drop = before.find((g) => g.event_group_ts_start === day(DROP_FROM))!;
    const wide = (await get<WireGroup>(`/v1/events/groups/${drop.event_group_id}`)).events.at(-1)!.payload;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/preferences',
      headers: shop.owner.headers,
      payload: {
        preference_name: 'EVENTS_FILTERING_PREFERENCE',
        preference_value: {
          events_filtering_preference_values: [
            {
              type: 'event',
              sub_type: 'experience',
              sensitivities: [
                { name: 'large', enabled: false },
                { name: 'moderate', enabled: false },
                { name: 'small', enabled: true },
              ],
            },
          ],
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await raiseExperienceEvents(ctx());
    // The same group, refreshed (the list is paged, so it is read by id).
    const narrow = (await get<WireGroup>(`/v1/events/groups/${drop.event_group_id}`)).events.at(-1)!.payload;
    expect(narrow.baseline).toBeCloseTo(wide.baseline, 6);
    // z 1 against z 3: the distance to the lower cap is a third.
    expect((narrow.baseline - narrow.lower_cap) * 3).toBeCloseTo(wide.baseline - wide.lower_cap, 3);
  });

  it('answers the funnel of the metric funnel the experience metric is filed under', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/v1/metrics_hub/metrics/${orders}`,
      headers: shop.owner.headers,
      payload: { funnel: { name: 'Checkout funnel' } },
    });
    const funnel = await get<{ funnel_steps: Array<{ kpi_display_name: string; y: number }> }>(
      `/v1/metrics_hub/metrics/funnel?sub_type=experience&pipeline_schedule=d&timestamp=${encodeURIComponent(day(DROP_FROM + 1))}`,
    );
    expect(funnel.funnel_steps.map((s) => s.kpi_display_name)).toEqual(['Orders']);
    expect(funnel.funnel_steps[0]!.y).toBeGreaterThan(0);
  });

  it('offers the experience provider and its metrics in the filters, and filters by them', async () => {
    const filters = await get<{
      data: {
        providers: Array<{ provider_uuid: string }>;
        provider_checks: Array<{ provider_check_name: string; parent_uuid: string | null }>;
      };
    }>('/v1/events/filters');
    expect(filters.data.providers.map((p) => p.provider_uuid)).toContain('experience');
    expect(filters.data.provider_checks).toContainEqual(
      expect.objectContaining({ provider_check_name: String(orders), parent_uuid: 'experience' }),
    );
    const range = 'start_time=2024-01-01&end_time=2030-01-01';
    const mine = await get<{ event_groups: WireGroup[] }>(
      `/v1/events/groups?${range}&provider_uuid=experience&provider_type=experience&provider_check=${orders}`,
    );
    expect(mine.event_groups.length).toBeGreaterThan(0);
    expect(mine.event_groups.every((g) => g.sub_type === 'experience')).toBe(true);
    const site = await get<{ event_groups: WireGroup[] }>(`/v1/events/groups?${range}&provider_uuid=site`);
    expect(site.event_groups).toEqual([]);
  });
});
