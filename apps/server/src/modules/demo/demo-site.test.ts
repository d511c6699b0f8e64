import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventGroup } from '@tidemark/contract';
import { fingerprintScores, type SiteTraffic } from '@tidemark/sample-data';
import { baseContext } from '../../plugins/context';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { loadDemoSiteTraffic } from './demo-site.service';

const HOUR = 3_600_000;
// The traffic ends at the last whole hour (the ingest trusts browser clocks up to a day back); made at any
// hour, it is the same traffic, shifted.
const END = new Date(Math.floor(Date.now() / HOUR) * HOUR);

describe('demo site traffic', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let traffic: SiteTraffic;
  let groups: EventGroup[];
  let seconds: number;

  beforeAll(async () => {
    t = await buildTestApp({ config: { runJobs: false } });
    shop = await createWorkspace(t);
    const started = performance.now();
    traffic = (await loadDemoSiteTraffic(baseContext(t.app), { tenantId: shop.tenant.tenant_id, end: END }))!;
    seconds = (performance.now() - started) / 1000;
    const res = await t.app.inject({
      url: `/v1/events/groups?tenant_id=${shop.tenant.tenant_id}&start_time=${new Date(END.getTime() - 48 * HOUR).toISOString()}`,
      headers: shop.owner.headers,
    });
    expect(res.statusCode).toBe(200);
    groups = res.json<{ event_groups: EventGroup[] }>().event_groups;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('is sent through the ingest quickly, and runs once', async () => {
    expect(traffic.counts.sessions).toBeGreaterThan(1000);
    console.log(`demo site traffic: ${seconds.toFixed(2)} s`, traffic.counts);
    expect(seconds).toBeLessThan(30);
    const n = await t.db.query<{ n: number }>(
      'select count(*)::int as n from site_events where tenant_id = $1',
      [shop.tenant.tenant_id],
    );
    expect(n[0]!.n).toBe(traffic.counts.pageviews + traffic.counts.errors + traffic.counts.conversions);
    expect(await loadDemoSiteTraffic(baseContext(t.app), { tenantId: shop.tenant.tenant_id })).toBeNull();
  });

  it('turns each planted incident into one group of the right sub type, time, page and primary driver', () => {
    for (const incident of traffic.answerKey.incidents) {
      const matching = groups.filter(
        (g) =>
          g.sub_type === incident.sub_type &&
          Math.abs(Date.parse(g.event_group_ts_start) - Date.parse(incident.start)) < HOUR &&
          g.details.impacted_areas.length > 0 &&
          g.percentage_extent_distribution!.distributions[0]!.extent_distribution.some((p) =>
            new URL(p.name).pathname.startsWith(incident.page),
          ),
      );
      expect(matching, incident.cause).toHaveLength(1);
      const [group] = matching;
      expect(group!.labels.primary_driver, incident.cause).toBe(incident.primary_driver);
      expect(group!.labels.primary_driver_browser, incident.cause).toBe(incident.primary_driver_browser);
      expect(
        Math.abs(Date.parse(group!.event_group_ts_end) - Date.parse(incident.end)),
        incident.cause,
      ).toBeLessThan(HOUR);
    }
  });

  it('makes no group of the steady noise or the known noise', () => {
    expect(groups).toHaveLength(traffic.answerKey.incidents.length);
  });

  it('fingerprints one cause to one fingerprint', async () => {
    const rows = await t.db.query<{ fingerprint: string; session_id: string; t: string }>(
      `select fingerprint, session_id, (extract(epoch from occurred_at) * 1000)::bigint::text as t
       from site_events where tenant_id = $1 and kind = 'error'`,
      [shop.tenant.tenant_id],
    );
    expect(rows).toHaveLength(traffic.truths.length);
    const stored = new Map(rows.map((r) => [`${r.session_id}|${r.t}`, r.fingerprint]));
    const scores = fingerprintScores(
      traffic.truths.map((truth) => ({
        fingerprint: stored.get(`${truth.session}|${truth.t}`)!,
        cause: truth.cause,
      })),
    );
    console.log('fingerprints', scores);
    expect(scores.precision).toBeGreaterThanOrEqual(0.95);
    expect(scores.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('gives the groups merchant titles, severities, status and dollar impact with the numbers behind it', () => {
    const checkout = groups.find((g) => g.sub_type === 'js')!;
    expect(checkout.title).toMatch(/^Cart throws TypeError for [\d.]+% of Mobile Safari visitors$/);
    expect(checkout.status).toBe('Active');
    expect(checkout.severity).toBe('High');
    const payment = groups.find((g) => g.sub_type === 'network')!;
    expect(payment.status).toBe('Closed');
    expect(payment.title).toContain('api.demo-store.example');
    for (const g of groups) {
      const basis = g.details.impact_basis;
      if (basis.quantified) {
        expect(g.impact.monetary.value).toBeLessThanOrEqual(0);
        expect(basis.affected_sessions).toBeGreaterThanOrEqual(basis.minimum_sessions);
      } else expect(g.impact.monetary.value).toBeNull();
    }
    expect(checkout.impact.monetary.value).toBeLessThan(0);
    console.log(
      groups.map((g) => [
        g.formatted_event_group_sequence_id,
        g.title,
        g.severity,
        g.status,
        g.impact.monetary.formatted_value,
        g.labels.duration,
        g.labels.frequency,
      ]),
    );
  });
});
