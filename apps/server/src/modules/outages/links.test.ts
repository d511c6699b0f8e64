import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventGroup, Group } from '@tidemark/contract';
import {
  CHECKOUT_COMPONENTS,
  paymentsComponentsAt,
  paymentsIncident,
  statuspageIncidents,
  statuspageSummary,
} from '../../testing/fake-status-pages';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { setStoreProviders } from '../providers';
import { linkTenantOutages, overlapOf } from './links';
import * as repo from './outages.repository';
import { ingestSnapshot } from './outages.service';
import { parseStatuspage } from './status-parsers';

const MIN = 60_000;
const HOUR = 3_600_000;
// The outage: 10:00 to 11:35 UTC two days ago.
const T0 = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR - 2 * 24 * HOUR + 10 * HOUR;
const at = (minute: number) => new Date(T0 + minute * MIN);
const page = { name: 'Stripe', components: CHECKOUT_COMPONENTS };

describe('outages joined to the business', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let outageId: string;
  const ids: Record<string, string> = {};

  const get = (url: string) =>
    t.app.inject({ url: `${url}?tenant_id=${shop.tenant.tenant_id}`, headers: shop.owner.headers });

  /** An insight group as the pipeline writes it: hourly, with its draft. */
  async function plantInsightGroup(
    name: string,
    fromMinute: number,
    accent: string,
    direction: string,
    dollars: number,
  ) {
    const [row] = await t.db.query<{ group_id: string }>(
      `insert into insight_groups (tenant_id, grain, draft, severity, ts_start, ts_end, top_kpi_id, dollar_impact)
       values ($1, 'h', $2, 'High', $3, $4, 1, $5) returning group_id::text`,
      [
        shop.tenant.tenant_id,
        JSON.stringify({
          group_title: name,
          group_summary: `${name}.`,
          group_accent: accent,
          group_severity: 'High',
          group_pattern_type: 'Point Anomaly',
          group_direction: direction,
          chart_ts_start: at(fromMinute - 600).toISOString(),
          chart_ts_end: at(fromMinute + 600).toISOString(),
          chart_title: name,
        }),
        at(fromMinute),
        at(fromMinute + 60),
        dollars,
      ],
    );
    return row!.group_id;
  }

  /** A site-error group whose requests went to `host`. */
  async function plantErrorGroup(name: string, fromMinute: number, host: string, dollars: number) {
    const [row] = await t.db.query<{ event_group_id: string }>(
      `insert into event_groups (tenant_id, sequence_id, fingerprint, start_hour, type, sub_type, status, trigger,
         ts_start, ts_end, number_of_events, severity, title, summary, description, action, error_message, pages,
         affected_components, impacted_areas, funnels, labels, impact_value, impact_basis, impact_sections, figures)
       values ($1, (select coalesce(max(sequence_id), 0) + 1 from event_groups where tenant_id = $1), $2, $3,
         'error', 'network', 'Closed', 'rate', $3, $4, 40, 'High', $5, $5, $5, '', '', '{/checkout}', '{Checkout}',
         '{Checkout}', '{Checkout}', $6, $7, $8, $9, $10)
       returning event_group_id::text`,
      [
        shop.tenant.tenant_id,
        `network:${host}`,
        at(fromMinute),
        at(fromMinute + 50),
        name,
        JSON.stringify({
          duration: 'Short',
          frequency: 'Frequent',
          primary_driver: null,
          primary_driver_os: null,
          primary_driver_browser: null,
          is_default: false,
        }),
        dollars,
        JSON.stringify({
          quantified: true,
          affected_sessions: 40,
          affected_conversions: 1,
          affected_conversion_rate: 0.025,
          comparable_sessions: 400,
          comparable_conversions: 40,
          comparable_conversion_rate: 0.1,
          average_order_value: 80,
          order_value_source: 'collector',
          minimum_sessions: 30,
          formula: 'x',
        }),
        JSON.stringify([
          { section_name: 'event_source_impact', total_count: 40, items: [{ name: host, count: 40 }] },
        ]),
        JSON.stringify({ affected_page_views: 40, total_page_views: 1000, affected_sessions: 40 }),
      ],
    );
    return row!.event_group_id;
  }

  beforeAll(async () => {
    t = await buildTestApp({ config: { runJobs: false } });
    shop = await createWorkspace(t);
    const provider = (await repo.providerByName(t.db, 'stripe'))!;
    await setStoreProviders({
      ctx: { db: t.db, tenantId: shop.tenant.tenant_id, user: { userId: shop.owner.userId } },
      input: { changes: [{ id: provider.provider_uuid, is_active: true }] },
    });
    // The planted outage, replayed through the poller's own reading and ingest.
    const inc = paymentsIncident('inc-link');
    let previous = null;
    for (const minute of [-5, 5, 30, 75, 100]) {
      const body =
        minute >= 95
          ? statuspageIncidents(T0, minute, page, [inc])
          : statuspageSummary(T0, minute, page, [inc], paymentsComponentsAt(minute));
      const snapshot = parseStatuspage(body, at(minute).getTime());
      await ingestSnapshot(t.db, { provider, snapshot, previous, now: at(minute) });
      previous = snapshot.components ?? previous;
    }
    const [outage] = await repo.outageGroupsBetween(t.db, shop.tenant.tenant_id, at(-60), at(200));
    outageId = outage!.event_group_id;
    // The planted business signals: a checkout drop in the window, and four that must not link.
    ids.drop = await plantInsightGroup('Checkout completion dropped 38%', 0, 'negative', 'down', 1240);
    ids.before = await plantInsightGroup(
      'Checkout completion dropped 20%',
      -2 * 24 * 60,
      'negative',
      'down',
      300,
    );
    ids.earlier = await plantInsightGroup('Sessions dropped 10%', -120, 'negative', 'down', 100);
    ids.good = await plantInsightGroup('Revenue rose 12%', 60, 'positive', 'up', 900);
    ids.stripeErrors = await plantErrorGroup('Payment requests fail', 10, 'api.stripe.com', 410);
    ids.cdnErrors = await plantErrorGroup('Images fail', 10, 'img.cdn-demo.example', 50);
    await linkTenantOutages(t.db, shop.tenant.tenant_id, new Date());
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('links the outage to the checkout drop and the errors to its hosts, with their lost revenue', async () => {
    const outage = (await get(`/v1/events/groups/${outageId}`)).json<EventGroup>();
    expect(outage.title).toBe('Stripe Major Incident');
    const related = outage.related_signals!;
    expect(related.map((r) => [r.kind, r.id]).sort()).toEqual(
      [
        ['insight_group', ids.drop],
        ['site_error_group', ids.stripeErrors],
      ].sort(),
    );
    expect(related[0]).toMatchObject({
      kind: 'insight_group',
      title: 'Checkout completion dropped 38%',
      lost_revenue: 1240,
      formatted_lost_revenue: '$1,240',
      label: 'Likely related to the Stripe outage',
      provider_display_name: 'Stripe',
      direction: 'down',
    });
    // The outage is worth the largest of them (one drop seen two ways is never summed).
    expect(outage.impact.monetary.value).toBe(-1240);
  });

  it('links back from the insight group and the site-error group to the outage', async () => {
    const group = (await get(`/v1/insights/groups/${ids.drop}`)).json<Group>();
    expect(group.related_outages).toEqual([
      expect.objectContaining({
        id: outageId,
        kind: 'outage',
        title: 'Stripe Major Incident',
        label: 'Likely related to the Stripe outage',
        lost_revenue: 1240,
      }),
    ]);
    const errors = (await get(`/v1/events/groups/${ids.stripeErrors}`)).json<EventGroup>();
    expect(errors.related_outages!.map((o) => o.id)).toEqual([outageId]);
    // The feed cards say so too, read for the whole page at once.
    const feedRes = await get('/v1/insights/groups');
    expect(feedRes.statusCode, feedRes.body).toBe(200);
    const feed = feedRes.json<{ groups: Group[] }>();
    const card = feed.groups.find((g) => g.group_id === ids.drop)!;
    expect(card.related_outages!.map((o) => o.label)).toEqual(['Likely related to the Stripe outage']);
    expect(feed.groups.find((g) => g.group_id === ids.good)?.related_outages).toBeUndefined();
    const eventsRes = await t.app.inject({
      url: `/v1/events/groups?tenant_id=${shop.tenant.tenant_id}&start_time=2020-01-01&end_time=2030-01-01`,
      headers: shop.owner.headers,
    });
    expect(eventsRes.statusCode, eventsRes.body).toBe(200);
    const events = eventsRes.json<{ event_groups: EventGroup[] }>();
    const errorCard = events.event_groups.find((g) => g.event_group_id === ids.stripeErrors)!;
    expect(errorCard.related_outages!.map((o) => o.id)).toEqual([outageId]);
  });

  it('does not link signals of unrelated timing, direction or hosts', async () => {
    for (const id of [ids.before, ids.earlier, ids.good]) {
      const group = (await get(`/v1/insights/groups/${id}`)).json<Group>();
      expect(group.related_outages).toEqual([]);
    }
    const cdn = (await get(`/v1/events/groups/${ids.cdnErrors}`)).json<EventGroup>();
    expect(cdn.related_outages).toEqual([]);
  });

  it("writes lost revenue and impact in the workspace's currency, not a hard-coded dollar", async () => {
    await t.db.query(`update tenants set currency = 'ZAR', currency_symbol = 'R' where tenant_id = $1`, [
      shop.tenant.tenant_id,
    ]);
    try {
      const outage = (await get(`/v1/events/groups/${outageId}`)).json<EventGroup>();
      const drop = outage.related_signals!.find((r) => r.id === ids.drop)!;
      expect(drop.formatted_lost_revenue).toBe('R1,240');
      expect(outage.impact.monetary.formatted_value).toBe('R1,240');
      const group = (await get(`/v1/insights/groups/${ids.drop}`)).json<Group>();
      expect(group.related_outages![0]!.formatted_lost_revenue).toBe('R1,240');
    } finally {
      await t.db.query(`update tenants set currency = 'USD', currency_symbol = '$' where tenant_id = $1`, [
        shop.tenant.tenant_id,
      ]);
    }
  });

  it('states the overlap rule: lead, trail and daily signals', () => {
    const outage = { start: T0, end: T0 + 95 * MIN };
    expect(overlapOf(outage, { start: T0 + 10 * MIN, end: T0 + 10 * MIN }, 'h')).toBe(60);
    expect(overlapOf(outage, { start: T0 - 31 * MIN, end: T0 }, 'h')).toBeNull();
    expect(overlapOf(outage, { start: T0 + 156 * MIN, end: T0 + 200 * MIN }, 'event')).toBeNull();
    expect(overlapOf(outage, { start: T0 - 10 * HOUR, end: T0 - 10 * HOUR }, 'd')).not.toBeNull();
    expect(overlapOf({ start: T0, end: T0 + 20 * MIN }, { start: T0 - 10 * HOUR, end: T0 }, 'd')).toBeNull();
  });
});
