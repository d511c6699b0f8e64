import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actorFor,
  buildTestApp,
  contextOf,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import { addMember } from '../tenants';
import { notifyItems } from './alerts';
import { dispatchDue } from './delivery';
import { sendDueDigests } from './digests';

// The week of 21–27 Nov 2026 in New York (UTC-5): a local day starts at 05:00 UTC.
const day = (d: number, hour = 0) => new Date(Date.UTC(2026, 10, d, 5 + hour));
const WEEK = { from: day(21), to: day(28) };
const FRIDAY = { from: day(27), to: day(28) };

interface Seeded {
  title: string;
  kind: 'insight_group' | 'event_group';
  id: string;
  happened: Date;
}

interface AlertMail {
  title: string;
  severity: string;
  money: string | null;
  expected: string | null;
  actual: string | null;
}

/** An alert e-mail as the member read it: first line severity, third the title, then the figures. */
function readAlert(text: string): AlertMail {
  const lines = text.split('\n');
  const field = (name: string) =>
    lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
  return {
    severity: lines[0]!.split(/[ ·(]/)[0]!,
    title: lines[2]!,
    money: field('Dollar impact'),
    expected: field('Expected'),
    actual: field('Actual'),
  };
}

/** The digest's item lines: "- [High] Title (€5k) Insight · when · Actual …, expected … · Open url". */
function readDigest(text: string) {
  return text
    .split('\n')
    .flatMap((l) => {
      const m = /^- \[(High|Medium|Low)\] (.+?) \((.+?)\) (.*) (http\S+)$/.exec(l);
      return m ? [{ severity: m[1]!, title: m[2]!, money: m[3]!, rest: m[4]! }] : [];
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

describe('digests list exactly the alerts of their period', () => {
  let t: TestApp;
  let owner: Actor;
  let member: Actor;
  let tenantId: number;
  const items: Seeded[] = [];

  const mails = (to: string) =>
    t.db.query<{ subject: string; body_text: string }>(
      'select subject, body_text from dev_outbox where recipient = $1 order by message_id',
      [to],
    );

  beforeAll(async () => {
    t = await buildTestApp();
    const shop = await createWorkspace(t);
    owner = shop.owner;
    tenantId = shop.tenant.tenant_id;
    const other = await createWorkspace(t);
    await addMember({ ctx: t, input: { tenantId, userId: other.owner.userId, role: 'member' } });
    member = await actorFor(t, other.owner.userId);
    await t.db.query(
      `update tenants set timezone = 'America/New_York', currency = 'EUR', currency_symbol = '€' where tenant_id = $1`,
      [tenantId],
    );
    // The owner wants High and Medium from €100; the member everything.
    const uuid = (await t.app.inject({ url: '/v1/auth/verify', headers: owner.headers })).json().user
      .user_uuid;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/v1/users/${uuid}/subscriptions`,
      headers: owner.headers,
      payload: {
        preferences: [
          {
            notification_type: 'event',
            filters: { severity: [{ type: 'Low', is_active: false }], monetary_impact_threshold: 100 },
          },
        ],
      },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    // Weeks start on Saturday here, reports at 12:00 New York time (17:00 UTC in November).
    for (const actor of [owner, member]) {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/v1/preferences',
        headers: actor.headers,
        query: { tenant_id: String(tenantId) },
        payload: {
          scope: 'user',
          is_active: true,
          preference_name: 'NOTIFICATION_SCHEDULE_PREFERENCE',
          preference_value: {
            daily_alerts: {
              is_active: true,
              days_of_week: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
            },
            weekly_digest: {
              is_active: true,
              start_of_week: 'saturday',
              day_time: '17:00',
              time_zone: 'America/New_York',
            },
          },
        },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    await t.db.query("update user_preferences set updated_at = '2026-11-20T12:00:00Z' where tenant_id = $1", [
      tenantId,
    ]);

    // A money metric with its daily series: the partial 28th is there, as it is the morning after.
    const [conn] = await t.db.query<{ id: number }>(
      `insert into connections (tenant_id, datasource_id, connector_name, connection_name)
       values ($1, 'ds-digests', 'csv', 'orders.csv') returning connection_id as id`,
      [tenantId],
    );
    const [table] = await t.db.query<{ id: number }>(
      `insert into warehouse_tables (tenant_id, connection_id, source_table_name, destination_table_name)
       values ($1, $2, 'orders.csv', 't_orders') returning table_id as id`,
      [tenantId, conn!.id],
    );
    const [revenue] = await t.db.query<{ id: string }>(
      `insert into metrics (tenant_id, connection_id, table_id, kpi_name, kpi_display_name, field_name,
         aggregation_operation, dollar_impact)
       values ($1, $2, $3, 'revenue', 'Revenue', 'total', 'sum', 1) returning kpi_id::text as id`,
      [tenantId, conn!.id, table!.id],
    );
    const days = Array.from({ length: 30 }, (_, i) => day(i - 1));
    const y = days.map((d) =>
      d.getTime() === day(27).getTime() ? 4636 : d.getTime() === day(28).getTime() ? 300 : 1000,
    );
    await t.db.query(
      `insert into series (tenant_id, kpi_id, grain, dim_name, dim_val, ts, y, n, yhat_lower, yhat_upper)
       values ($1, $2, 'd', '', '', $3, $4, $5, $6, $7)`,
      [tenantId, revenue!.id, days, y, days.map(() => 10), days.map(() => 800), days.map(() => 1300)],
    );

    const group = async (g: {
      title: string;
      severity: 'High' | 'Medium' | 'Low';
      grain?: 'd' | 'h';
      end: Date;
      dollar: number;
      expected: number;
      actual: number;
    }) => {
      const [row] = await t.db.query<{ id: string }>(
        `insert into insight_groups (tenant_id, grain, draft, severity, ts_start, ts_end, top_kpi_id, dollar_impact)
         values ($1, $2, $3, $4, $5, $5, $6, $7) returning group_id::text as id`,
        [
          tenantId,
          g.grain ?? 'd',
          JSON.stringify({ group_title: g.title, group_summary: `${g.title}.` }),
          g.severity,
          g.end,
          revenue!.id,
          g.dollar,
        ],
      );
      await t.db.query(
        `insert into insights (tenant_id, kpi_id, grain, pattern_type, direction, insight_ts, ts_end, severity, accent,
           draft, group_id)
         values ($1, $2, $3, 'Point Anomaly', $4, $5, $5, $6, 'positive', $7, $8)`,
        [
          tenantId,
          revenue!.id,
          g.grain ?? 'd',
          g.actual > g.expected ? 'up' : 'down',
          g.end,
          g.severity,
          JSON.stringify({ expected_value: g.expected, current_value: g.actual }),
          row!.id,
        ],
      );
      items.push({ title: g.title, kind: 'insight_group', id: row!.id, happened: g.end });
      return row!.id;
    };
    const event = async (e: { title: string; status: 'Active' | 'Closed'; start: Date; impact: number }) => {
      const [row] = await t.db.query<{ id: string }>(
        `insert into event_groups (tenant_id, sequence_id, fingerprint, start_hour, type, sub_type, status, trigger,
           ts_start, ts_end, number_of_events, severity, title, summary, description, action, error_message, pages,
           affected_components, impacted_areas, funnels, labels, impact_value, impact_basis, impact_sections, extent,
           figures)
         values ($1, $2, $3, $4, 'error', 'js', $5, 'new', $4, $4, 3, 'High', $6, '', '', '', '', '{}', '{}', '{}', '{}',
           '{}', $7, '{}', '[]', null, '{}')
         returning event_group_id::text as id`,
        [tenantId, items.length + 1, `js:${e.title}`, e.start, e.status, e.title, e.impact],
      );
      items.push({ title: e.title, kind: 'event_group', id: row!.id, happened: e.start });
      return row!.id;
    };
    const notify = (kind: Seeded['kind'], id: string, now: Date) =>
      t.db.transaction((tx) =>
        notifyItems({ ctx: contextOf(t), tx, input: { tenantId, kind, ids: [id], now } }),
      );

    // Before the week: alerted, but another period's.
    await notify(
      'insight_group',
      await group({
        title: 'Refunds doubled',
        severity: 'High',
        end: day(2),
        dollar: -900,
        expected: 100,
        actual: 200,
      }),
      day(3, 9),
    );
    // Low on Monday, Medium on Tuesday: one item, escalated.
    const escalated = await group({
      title: 'Orders dipped',
      severity: 'Low',
      end: day(23),
      dollar: -300,
      expected: 120,
      actual: 80,
    });
    await notify('insight_group', escalated, day(23, 10));
    await t.db.query("update insight_groups set severity = 'Medium' where group_id = $1", [escalated]);
    await notify('insight_group', escalated, day(24, 10));
    // Alerted, then resolved by the team before the digest: still one of the week's alerts.
    const resolved = await group({
      title: 'Basket size fell',
      severity: 'Medium',
      end: day(24),
      dollar: -800,
      expected: 60,
      actual: 41,
    });
    await notify('insight_group', resolved, day(25, 9));
    await t.db.query("update insight_groups set team_state = 'Resolved' where group_id = $1", [resolved]);
    // Too small for the owner's filters: the member's alone.
    await notify(
      'insight_group',
      await group({
        title: 'Coupon use rose',
        severity: 'Low',
        end: day(25),
        dollar: -20,
        expected: 10,
        actual: 14,
      }),
      day(26, 9),
    );
    // An event alerted while Active and closed since; one first seen already Closed never alerted.
    const active = await event({
      title: 'Checkout script errors',
      status: 'Active',
      start: day(25, 13),
      impact: 1200,
    });
    await notify('event_group', active, day(25, 14));
    await t.db.query("update event_groups set status = 'Closed' where event_group_id = $1", [active]);
    await notify(
      'event_group',
      await event({ title: 'Cart errors', status: 'Closed', start: day(26, 8), impact: 400 }),
      day(26, 9),
    );
    // An hourly anomaly of Sunday, found from history on Saturday: too old to alert.
    await notify(
      'insight_group',
      await group({
        title: 'Sessions spiked at 10 AM',
        severity: 'High',
        grain: 'h',
        end: day(22, 10),
        dollar: 0,
        expected: 50,
        actual: 400,
      }),
      day(28, 8),
    );
    // Black Friday, scored on Saturday morning: the week's largest alert.
    await notify(
      'insight_group',
      await group({
        title: 'Revenue rose 363.6% on Black Friday',
        severity: 'High',
        end: day(27),
        dollar: 3636,
        expected: 1000,
        actual: 4636,
      }),
      day(28, 8),
    );
    // Saturday itself belongs to next week.
    await notify(
      'insight_group',
      await group({
        title: 'Orders fell this morning',
        severity: 'High',
        end: day(28),
        dollar: -700,
        expected: 40,
        actual: 10,
      }),
      day(28, 10),
    );

    const ctx = contextOf(t);
    await dispatchDue(ctx, day(28, 11));
    await t.app.jobs.waitForIdle({ timeoutMs: 90_000 });
    // Saturday 12:05 in New York: the daily report of Friday and the weekly digest of 21–27 Nov, per member.
    expect(await sendDueDigests(ctx, new Date('2026-11-28T17:05:00Z'), tenantId)).toBe(4);
    await dispatchDue(ctx, new Date('2026-11-28T17:06:00Z'));
    await t.app.jobs.waitForIdle({ timeoutMs: 90_000 });
  }, 180_000);
  afterAll(() => t.close());

  const cases = [
    ['weekly digest', 'Weekly digest', WEEK],
    ['daily report', 'Daily alerts', FRIDAY],
  ] as const;
  for (const [name, prefix, period] of cases) {
    for (const who of ['owner', 'member'] as const) {
      it(`the ${name} holds every alert the ${who} got for the period, with its figures, and nothing else`, async () => {
        const actor = who === 'owner' ? owner : member;
        const all = await mails(actor.email);
        const alerts = all
          .filter((m) => !/^(Daily alerts|Weekly digest)/.test(m.subject))
          .map((m) => readAlert(m.body_text));
        const digests = all.filter((m) => m.subject.startsWith(prefix));
        expect(digests).toHaveLength(1);
        const happened = new Map(items.map((i) => [i.title, i.happened.getTime()]));
        // The period's alerts: highest severity each item reached, figures of its last alert.
        const rank = { High: 3, Medium: 2, Low: 1 } as Record<string, number>;
        const expected = new Map<string, AlertMail>();
        for (const a of alerts) {
          const at = happened.get(a.title)!;
          if (at < period.from.getTime() || at >= period.to.getTime()) continue;
          const before = expected.get(a.title);
          expected.set(
            a.title,
            before && rank[before.severity]! > rank[a.severity]! ? { ...a, severity: before.severity } : a,
          );
        }
        const listed = readDigest(digests[0]!.body_text);
        expect(listed.map((l) => l.title)).toEqual([...expected.keys()].sort((a, b) => a.localeCompare(b)));
        for (const l of listed) {
          const a = expected.get(l.title)!;
          expect(l.severity).toBe(a.severity);
          expect(l.money).toBe(a.money ?? 'no dollar impact');
          if (a.actual !== null) expect(l.rest).toContain(`Actual ${a.actual}, expected ${a.expected}`);
        }
        // What the example week must show: Black Friday in both; the rest by each member's filters.
        const titles = listed.map((l) => l.title);
        expect(titles).toContain('Revenue rose 363.6% on Black Friday');
        if (period === WEEK) {
          const week = who === 'owner' ? 4 : 5;
          expect(titles).toHaveLength(week);
          expect(titles.includes('Coupon use rose')).toBe(who === 'member');
          expect(digests[0]!.subject).toBe(`Weekly digest: 21 Nov – 27 Nov 2026 · ${week} alerts`);
        } else {
          expect(titles).toEqual(['Revenue rose 363.6% on Black Friday']);
        }
        for (const never of [
          'Cart errors',
          'Sessions spiked at 10 AM',
          'Refunds doubled',
          'Orders fell this morning',
        ])
          expect(titles).not.toContain(never);
      });
    }
  }

  it("money is in the workspace's currency and the alert's chart ends on the last closed day, with axes", async () => {
    const [bf] = await t.db.query<{
      content: { details: { chart: { values: number[]; labels: string[]; format: string } } };
    }>(
      `select content from notification_outbox
        where tenant_id = $1 and user_id = $2 and channel = 'email' and kind = 'insight_group'
          and content->>'title' = 'Revenue rose 363.6% on Black Friday'`,
      [tenantId, owner.userId],
    );
    const chart = bf!.content.details.chart;
    expect(chart.labels.at(-1)).toBe('27 Nov');
    expect(chart.values.at(-1)).toBe(4636);
    expect(chart.values).toHaveLength(chart.labels.length);
    expect(chart.format).toBe('currency');
    const [mail] = (await mails(owner.email)).filter(
      (m) => m.subject === 'High: Revenue rose 363.6% on Black Friday',
    );
    expect(mail!.body_text).toContain('Dollar impact: +€3,636.00');
    expect(mail!.body_text).toContain('Actual: €4.6k');
    expect(mail!.body_text).not.toContain('$');
  });
});
