import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventGroup } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { loadDemoOutages } from './demo-outages';
import { linkTenantOutages } from './links';

const HOUR = 3_600_000;
const END = Math.floor(Date.now() / HOUR) * HOUR;
const slowdown = { start: new Date(END - 30 * HOUR), end: new Date(END - 26 * HOUR) };

describe('demo provider incidents', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let groups: EventGroup[];
  const get = (url: string) =>
    t.app.inject({
      url: `${url}${url.includes('?') ? '&' : '?'}tenant_id=${shop.tenant.tenant_id}`,
      headers: shop.owner.headers,
    });

  beforeAll(async () => {
    t = await buildTestApp({ config: { runJobs: false } });
    shop = await createWorkspace(t);
    await loadDemoOutages(
      { db: t.db },
      {
        tenantId: shop.tenant.tenant_id,
        userId: shop.owner.userId,
        anchors: {
          slowdown,
          paymentErrors: { start: new Date(END - 14 * HOUR), end: new Date(END - 12 * HOUR) },
        },
      },
    );
    groups = (
      await get(`/v1/events/groups?type=outage&start_time=${new Date(END - 8 * 24 * HOUR).toISOString()}`)
    ).json<{
      event_groups: EventGroup[];
    }>().event_groups;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('replays a realistic history: titles by severity, a Live incident and closed ones', () => {
    expect(groups.map((g) => g.title).sort()).toEqual([
      'Cloudflare Major Incident',
      'Klaviyo Partial Disruption',
      'Klaviyo Scheduled Maintenance',
      'Shopify Partial Disruption',
      'Stripe Partial Disruption',
    ]);
    expect(groups.filter((g) => g.status === 'Active').map((g) => g.title)).toEqual([
      'Klaviyo Partial Disruption',
    ]);
    const cdn = groups.find((g) => g.title === 'Cloudflare Major Incident')!;
    expect(Date.parse(cdn.event_group_ts_start)).toBeGreaterThanOrEqual(slowdown.start.getTime());
    expect(Date.parse(cdn.event_group_ts_end)).toBeLessThanOrEqual(slowdown.end.getTime());
    expect(cdn.affected_components.sort()).toEqual(['API', 'Checkout']);
  });

  it('links the CDN outage to the checkout drop the pipeline raises over the planted slowdown', async () => {
    // The insight group the pipeline writes for the planted dip (hourly, negative, with its dollar impact).
    const [row] = await t.db.query<{ group_id: string }>(
      `insert into insight_groups (tenant_id, grain, draft, severity, ts_start, ts_end, top_kpi_id, dollar_impact)
       values ($1, 'h', $2, 'High', $3, $4, 1, -2150) returning group_id::text`,
      [
        shop.tenant.tenant_id,
        JSON.stringify({
          group_title: 'Checkouts fell 60%',
          group_accent: 'negative',
          group_direction: 'down',
        }),
        slowdown.start,
        new Date(slowdown.end.getTime() - HOUR),
      ],
    );
    await linkTenantOutages(t.db, shop.tenant.tenant_id);
    const cdn = groups.find((g) => g.title === 'Cloudflare Major Incident')!;
    const detail = (await get(`/v1/events/groups/${cdn.event_group_id}`)).json<EventGroup>();
    expect(detail.related_signals).toEqual([
      expect.objectContaining({
        id: row!.group_id,
        kind: 'insight_group',
        lost_revenue: 2150,
        label: 'Likely related to the Cloudflare outage',
      }),
    ]);
    expect(detail.impact.monetary.value).toBe(-2150);
    expect(detail.events.length).toBeGreaterThan(3);
  });
});
