import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportsResponse } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { coveredMinutes, domainOf, hostOfFingerprint, reportPeriod } from './reports.service';

describe('weekly report', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let stripe: string;

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    stripe = (
      await t.db.query<{ provider_uuid: string }>(
        `select provider_uuid::text from providers where provider_name = 'stripe'`,
      )
    )[0]!.provider_uuid;
  }, 120_000);
  afterAll(() => t.close());

  const report = async (query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/events/reports${query}`,
      headers: shop.owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportsResponse;
  };
  // The previous week (a report reads no further than now), and two hours of its Tuesday.
  const DAY = 86_400_000;
  const weekStart = reportPeriod({}, 'Etc/UTC', Date.now()).from.getTime();
  const range = (from: number) =>
    `?start_time=${new Date(from).toISOString()}&end_time=${new Date(from + 7 * DAY).toISOString()}`;
  const week = range(weekStart);
  const outageStart = new Date(weekStart + 2 * DAY + 10 * 3_600_000).toISOString();
  const outageEnd = new Date(weekStart + 2 * DAY + 12 * 3_600_000).toISOString();

  it('says the store enabled no providers', async () => {
    const r = await report(week);
    expect(r.has_enabled_providers).toBe(false);
    expect(r.provider_types).toEqual([]);
  });

  it('defaults to the previous week, Sunday to Sunday, in the workspace time zone', () => {
    const now = Date.parse('2026-11-25T15:00:00Z');
    const { from, to } = reportPeriod({}, 'Etc/UTC', now);
    expect(from.toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(reportPeriod({}, 'America/New_York', now).from.toISOString()).toBe('2026-11-15T05:00:00.000Z');
  });

  it("lists an enabled provider's checks with the health its outages left", async () => {
    const tenantId = shop.tenant.tenant_id;
    await t.db.query(
      `insert into store_providers (tenant_id, provider_uuid, is_active) values ($1, $2, true)`,
      [tenantId, stripe],
    );
    // A two-hour major outage of Stripe's API in the week, as the outage groups record it.
    await t.db.query(
      `insert into event_groups (tenant_id, sequence_id, fingerprint, start_hour, type, sub_type, status, trigger,
         ts_start, ts_end, number_of_events, severity, title, summary, description, action, error_message, pages,
         affected_components, impacted_areas, funnels, labels, impact_value, impact_basis, impact_sections, extent,
         figures, provider_uuid)
       values ($1, 1, 'outage:test', $3, 'outage', 'outage', 'Closed', 'outage',
         $3, $4, 3, 'High', 'Stripe Major Incident', '', '', '', '', '{}',
         '{API}', '{}', '{}', '{}', null, '{}', '[]', null, '{}', $2)`,
      [tenantId, stripe, outageStart, outageEnd],
    );
    // The store's own calls to Stripe failing in the same hours (collector rollups).
    await t.db.query(
      `insert into event_rollups (tenant_id, hour, kind, sub_type, page, fingerprint, browser, os, device, events,
         estimated, sessions)
       values ($1, $2, 'error', 'network', '/checkout', 'network:POST api.stripe.com/v1/tokens 5xx',
         'Chrome', 'Windows', 'Desktop', 4, 40, 4)`,
      [tenantId, outageStart],
    );
    const r = await report(week);
    expect(r.has_enabled_providers).toBe(true);
    const payments = r.provider_types.find((p) => p.provider_type_name === 'payments')!;
    expect(payments.provider_type_display_name).toBe('Payments');
    const card = payments.providers.find((p) => p.provider_uuid === stripe)!;
    expect(card).toMatchObject({
      provider_display_name: 'Stripe',
      health: 'down',
      health_display_name: 'Major outage',
      incidents: 1,
      degraded_minutes: 120,
      host_errors: 40,
    });
    expect(card.checks.total).toBe(2);
    expect(card.checks.completed).toBe(0);
    expect(card.checks.statuses.map((c) => [c.provider_check_display_name, c.health])).toEqual([
      ['Overall status', 'down'],
      ['API', 'down'],
    ]);
  });

  it('shows a provider healthy in a week without incidents', async () => {
    const r = await report(range(weekStart - 14 * DAY));
    const card = r.provider_types.flatMap((p) => p.providers).find((p) => p.provider_uuid === stripe)!;
    expect(card).toMatchObject({ health: 'healthy', incidents: 0, degraded_minutes: 0, host_errors: 0 });
    expect(card.checks).toMatchObject({ total: 1, completed: 1 });
  });

  it('does not show another workspace its providers', async () => {
    const other = await createWorkspace(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/events/reports${week}`,
      headers: other.owner.headers,
    });
    expect((res.json() as ReportsResponse).provider_types).toEqual([]);
  });

  it('measures overlapping outages once, and finds hosts of providers', () => {
    const h = 3_600_000;
    expect(
      coveredMinutes(
        [
          [0, 2 * h],
          [h, 3 * h],
          [5 * h, 6 * h],
        ],
        0,
        10 * h,
      ),
    ).toBe(240);
    expect(coveredMinutes([[-h, h]], 0, 10 * h)).toBe(60);
    expect(domainOf('https://status.stripe.com/api/v2/summary.json')).toBe('stripe.com');
    expect(domainOf('https://www.royalmail.co.uk')).toBe('royalmail.co.uk');
    expect(hostOfFingerprint('network:POST api.stripe.com/v1/tokens 5xx')).toBe('api.stripe.com');
    expect(hostOfFingerprint('asset:img cdn.shopify.com/s/files failed')).toBe('cdn.shopify.com');
    expect(hostOfFingerprint('js:TypeError x')).toBeNull();
  });
});
