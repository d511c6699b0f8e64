import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventGroup } from '@tidemark/contract';
import {
  BAD_BODIES,
  CHECKOUT_COMPONENTS,
  paymentsComponentsAt,
  paymentsIncident,
  rssFeed,
  startFakeStatusPages,
  statuspageIncidents,
  statuspageSummary,
  type FakeStatusPages,
} from '../../testing/fake-status-pages';
import {
  buildTestApp,
  contextOf,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import { setStoreProviders } from '../providers';
import { pollProvider } from './outages.service';
import { fetchStatus, HOST_CONCURRENCY } from './status-fetch';

const MIN = 60_000;
// The incident happened three hours ago, so every poll below is in the past of the API's "now".
const T0 = Math.floor((Date.now() - 3 * 3_600_000) / MIN) * MIN;
const at = (minute: number) => new Date(T0 + minute * MIN);
const page = { name: 'Stripe', components: CHECKOUT_COMPONENTS };
const SUMMARY = '/stripe/api/v2/summary.json';
const INCIDENTS = '/stripe/api/v2/incidents.json';

describe('status poller', () => {
  let t: TestApp;
  let fake: FakeStatusPages;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let other: { tenant: { tenant_id: number }; owner: Actor };
  let stripe: string;
  let wix: string;
  const inc1 = paymentsIncident('inc-1');
  const inc2 = { ...paymentsIncident('inc-2'), name: 'Delayed payouts', impact: 'minor' as const };

  const get = (url: string, who = shop) =>
    t.app.inject({
      url: `${url}${url.includes('?') ? '&' : '?'}tenant_id=${who.tenant.tenant_id}`,
      headers: who.owner.headers,
    });
  const outages = async (who = shop) =>
    (await get(`/v1/events/groups?type=outage&start_time=${at(-600).toISOString()}`, who)).json<{
      event_groups: EventGroup[];
    }>().event_groups;
  const poll = (uuid: string, minute: number) =>
    pollProvider(contextOf(t), { providerUuid: uuid, now: at(minute) });
  const toggle = (who: typeof shop, id: string, is_active: boolean) =>
    setStoreProviders({
      ctx: { db: t.db, tenantId: who.tenant.tenant_id, user: { userId: who.owner.userId } },
      input: { changes: [{ id, is_active }] },
    });

  beforeAll(async () => {
    t = await buildTestApp({ config: { runJobs: false } });
    fake = await startFakeStatusPages();
    shop = await createWorkspace(t);
    other = await createWorkspace(t);
    const rows = await t.db.query<{ provider_name: string; provider_uuid: string }>(
      `select provider_name, provider_uuid::text from providers where provider_name in ('stripe', 'wix')`,
    );
    stripe = rows.find((r) => r.provider_name === 'stripe')!.provider_uuid;
    wix = rows.find((r) => r.provider_name === 'wix')!.provider_uuid;
    // Production reads the catalogue's real feed_url; here the providers read the local fake.
    await t.db.query(
      `update providers set feed_url = $1, feed_format = 'statuspage_v2' where provider_uuid = $2`,
      [`${fake.url}${SUMMARY}`, stripe],
    );
    await t.db.query(`update providers set feed_url = $1, feed_format = 'rss' where provider_uuid = $2`, [
      `${fake.url}/wix/history.rss`,
      wix,
    ]);
    await toggle(shop, stripe, true);
    await toggle(shop, wix, true);
  }, 120_000);

  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  it('follows an incident from open to resolved as one Live then Closed group, with its history', async () => {
    fake.set(SUMMARY, statuspageSummary(T0, -5, page, [], {}));
    expect((await poll(stripe, -5)).result).toBe('ok');
    expect(await outages()).toEqual([]);

    fake.set(SUMMARY, statuspageSummary(T0, 5, page, [inc1], paymentsComponentsAt(5)));
    await poll(stripe, 5);
    let [group] = await outages();
    expect(group).toMatchObject({
      type: 'outage',
      sub_type: 'outage',
      status: 'Active',
      severity: 'High',
      title: 'Stripe Major Incident',
      provider_display_name: 'Stripe',
      provider_status_page_url: 'https://status.stripe.com',
      provider_uuid: stripe,
      event_group_ts_start: at(0).toISOString(),
    });
    expect(group!.affected_components.sort()).toEqual(['API', 'Checkout']);
    // The owner's e-mail alerts (on by default, High included) get it once, in the poll's transaction.
    const alerts = () =>
      t.db.query<{ item_id: string; channel: string }>(
        `select item_id, channel from notification_outbox where tenant_id = $1 and kind = 'event_group'`,
        [shop.tenant.tenant_id],
      );
    expect(await alerts()).toEqual([{ item_id: group!.event_group_id, channel: 'email' }]);

    // The same body again: a conditional request answered 304, and still one group.
    const second = await poll(stripe, 8);
    expect(second.result).toBe('not_modified');
    expect(fake.requests(SUMMARY).at(-1)).toMatchObject({ status: 304 });
    expect(fake.requests(SUMMARY).at(-1)!.ifNoneMatch).toMatch(/^"/);

    fake.set(SUMMARY, statuspageSummary(T0, 30, page, [inc1], paymentsComponentsAt(30)));
    await poll(stripe, 30);
    fake.set(SUMMARY, statuspageSummary(T0, 75, page, [inc1], paymentsComponentsAt(75)));
    await poll(stripe, 75);
    // Resolved: the summary no longer lists it, incidents.json has its resolution.
    fake.set(SUMMARY, statuspageSummary(T0, 100, page, [inc1], paymentsComponentsAt(100)));
    fake.set(INCIDENTS, statuspageIncidents(T0, 100, page, [inc1]));
    await poll(stripe, 100);
    [group] = await outages();
    expect(group).toMatchObject({ status: 'Closed', event_group_ts_end: at(95).toISOString() });
    // Updates and the resolution are no new alert.
    expect(await alerts()).toHaveLength(1);
    expect(group!.duration_ms).toBe(95 * MIN);

    const detail = (await get(`/v1/events/groups/${group!.event_group_id}`)).json<EventGroup>();
    const lines = detail.events.map((e) => e.summary);
    expect(lines).toContain('API is experiencing major outage');
    expect(lines).toContain('This incident has been resolved.');
    expect(lines).toContain('Services are now up and running');
    const moved = detail.events.find((e) => e.summary === 'API is experiencing major outage')!;
    expect(moved.component_status_changes).toContainEqual({
      name: 'API',
      group_name: 'Payments',
      last_status: 'up',
      current_status: 'down',
    });
    expect(detail.events.map((e) => e.start_time)).toEqual(
      [...detail.events.map((e) => e.start_time)].sort().reverse(),
    );
    // Only the workspace that turned Stripe on has it.
    expect(await outages(other)).toEqual([]);
    expect((await get(`/v1/events/groups/${group!.event_group_id}`, other)).statusCode).toBe(404);
  });

  it('serves outage groups through the events filters and summary', async () => {
    const [group] = await outages();
    const byProvider = (
      await get(`/v1/events/groups?provider_uuid=${stripe}&start_time=${at(-600).toISOString()}`)
    ).json<{ event_groups: EventGroup[] }>().event_groups;
    expect(byProvider.map((g) => g.event_group_id)).toEqual([group!.event_group_id]);
    const byType = (
      await get(`/v1/events/groups?provider_type=payments&start_time=${at(-600).toISOString()}`)
    ).json<{ event_groups: EventGroup[] }>().event_groups;
    expect(byType.map((g) => g.event_group_id)).toEqual([group!.event_group_id]);
    const byCheck = (
      await get(`/v1/events/groups?provider_check=Checkout&start_time=${at(-600).toISOString()}`)
    ).json<{ event_groups: EventGroup[] }>().event_groups;
    expect(byCheck.map((g) => g.event_group_id)).toEqual([group!.event_group_id]);
    const filters = (await get('/v1/events/filters')).json<{
      data: { providers: Array<{ provider_uuid: string }> };
    }>();
    expect(filters.data.providers.map((p) => p.provider_uuid)).toEqual(expect.arrayContaining([stripe, wix]));
    const summary = (await get(`/v1/events/summary?start_time=${at(-600).toISOString()}`)).json();
    expect(summary.data.severity.High.count).toBeGreaterThanOrEqual(1);
  });

  it('records an unreachable or unreadable page with back-off and never raises an outage from it', async () => {
    const before = (await outages()).length;
    fake.mode(SUMMARY, 'error500');
    const down = await poll(stripe, 110);
    expect(down).toMatchObject({ result: 'unreachable', error: 'HTTP 503', groups: 0 });
    fake.mode(SUMMARY, 'reset');
    expect((await poll(stripe, 115)).result).toBe('unreachable');
    const [state] = await t.db.query<{
      consecutive_failures: number;
      next_poll_at: Date;
      last_result: string;
    }>(
      `select consecutive_failures, next_poll_at, last_result from provider_poll_state where provider_uuid = $1`,
      [stripe],
    );
    expect(state).toMatchObject({ consecutive_failures: 2, last_result: 'unreachable' });
    // Two failures: the 3-minute interval doubled twice.
    expect(state!.next_poll_at.getTime()).toBe(at(115).getTime() + 4 * 180_000);
    fake.mode(SUMMARY, 'serve');
    for (const body of [
      BAD_BODIES.malformed,
      BAD_BODIES.notJson,
      BAD_BODIES.huge(),
      BAD_BODIES.unknownVocabulary,
    ]) {
      fake.set(SUMMARY, body);
      const outcome = await poll(stripe, 120);
      expect(['malformed', 'ok']).toContain(outcome.result);
    }
    expect((await outages()).length).toBe(before);
    const [after] = await t.db.query<{ consecutive_failures: number }>(
      `select consecutive_failures from provider_poll_state where provider_uuid = $1`,
      [stripe],
    );
    expect(after!.consecutive_failures).toBe(0);
  });

  it('reads history feeds (RSS) into groups by severity and title', async () => {
    fake.set('/wix/history.rss', rssFeed(T0, 60, 'Wix', [inc2]));
    expect((await poll(wix, 60)).result).toBe('ok');
    const wixGroups = (await outages()).filter((g) => g.provider_uuid === wix);
    expect(wixGroups).toHaveLength(1);
    expect(wixGroups[0]).toMatchObject({
      title: 'Wix Partial Disruption',
      severity: 'Medium',
      status: 'Active',
    });
  });

  it('turns AWS’s notices, dated in Pacific time, into one outage group, Major for a service disruption', async () => {
    const [row] = await t.db.query<{ provider_uuid: string }>(
      `select provider_uuid::text from providers where provider_name = 'aws'`,
    );
    const aws = row!.provider_uuid;
    await t.db.query(`update providers set feed_url = $1 where provider_uuid = $2`, [
      `${fake.url}/aws/all.rss`,
      aws,
    ]);
    await toggle(shop, aws, true);
    // AWS writes pubDate in Pacific time with its zone name ('Thu, 23 Dec 2021 10:30:00 PST').
    const pacific = (minute: number) =>
      DateTime.fromMillis(T0 + minute * MIN, { zone: 'America/Los_Angeles', locale: 'en-US' }).toFormat(
        'ccc, dd LLL yyyy HH:mm:ss ZZZZ',
      );
    const item = (minute: number, title: string, text: string) => `<item>
      <title><![CDATA[${title}]]></title><link>http://status.aws.amazon.com/</link>
      <pubDate>${pacific(minute)}</pubDate>
      <guid isPermaLink="false">http://status.aws.amazon.com/#ec2-us-east-1_${Math.floor((T0 + minute * MIN) / 1000)}</guid>
      <description><![CDATA[${text}]]></description></item>`;
    fake.set(
      '/aws/all.rss',
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>
      <title><![CDATA[Amazon Web Services Service Status]]></title>
      ${item(40, 'Service disruption: Increased API Error Rates', 'Instance launches are failing in one zone.')}
      ${item(10, 'Informational message: Increased API Error Rates', 'We are investigating increased API error rates.')}
      </channel></rss>`,
    );
    expect((await poll(aws, 45)).result).toBe('ok');
    const groups = (await outages()).filter((g) => g.provider_uuid === aws);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      title: 'Amazon Web Services Major Incident',
      severity: 'High',
      status: 'Active',
      event_group_ts_start: at(10).toISOString(),
    });
    expect(groups[0]!.affected_components).toEqual(['ec2-us-east-1']);
  });

  it('raises no new group for a store that turned the provider off, and keeps its past ones readable', async () => {
    const past = await outages();
    await toggle(shop, stripe, false);
    fake.set(
      SUMMARY,
      statuspageSummary(
        T0,
        140,
        page,
        [{ ...inc1, id: 'inc-3', updates: inc1.updates.map((u) => ({ ...u, at: u.at + 130 })) }],
        {},
      ),
    );
    await poll(stripe, 140);
    const now = await outages();
    expect(now.map((g) => g.event_group_id).sort()).toEqual(past.map((g) => g.event_group_id).sort());
    for (const g of past) expect((await get(`/v1/events/groups/${g.event_group_id}`)).statusCode).toBe(200);
    // A provider dropped from the catalogue keeps its past events readable too.
    await t.db.query(`update providers set is_listed = false where provider_uuid = $1`, [wix]);
    const wixGroup = past.find((g) => g.provider_uuid === wix)!;
    const detail = (await get(`/v1/events/groups/${wixGroup.event_group_id}`)).json<EventGroup>();
    expect(detail.provider_display_name).toBe('Wix');
  });

  it(`sends at most ${HOST_CONCURRENCY} requests at a time to one host`, async () => {
    const slow = await startFakeStatusPages({ delayMs: 150 });
    try {
      slow.set('/a.json', '{}');
      await Promise.all(
        Array.from({ length: 6 }, () =>
          fetchStatus(`${slow.url}/a.json`, { etag: null, lastModified: null }),
        ),
      );
      expect(slow.requests('/a.json')).toHaveLength(6);
      expect(slow.peakConcurrency()).toBeLessThanOrEqual(HOST_CONCURRENCY);
    } finally {
      await slow.close();
    }
  });
});
