import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { uploadAndConfigure } from '../../testing/uploads';
import { retailHolidays } from './holidays';
import { matchInsights, type MatchKey } from './insight-match';

const DAY = 86_400_000;
const DAYS = 120;
const DROP_FROM = 100;
const TODAY = Math.floor(Date.now() / DAY) * DAY;
const START = TODAY - DAYS * DAY;
// The retail calendar's days are the same dates in every zone.
const HOLIDAYS = new Set(retailHolidays(START, TODAY, 'Etc/UTC').map((h) => h.start));
/**
 * The spike: the newest complete day (yesterday, the last, still fills) that is no retail holiday, so what it
 * raises does not hang on the date the test runs. Within 6 days of today it is recent enough to alert.
 */
const SPIKE_DAY = (() => {
  let d = DAYS - 2;
  while (HOLIDAYS.has(START + d * DAY)) d--;
  return d;
})();
const SPIKE_ALERTS = SPIKE_DAY >= DAYS - 6;

/**
 * A store whose orders all fall between 01:00 and 14:00 UTC, ending yesterday: in UTC, in Tokyo (10:00–23:00)
 * and in Nairobi (04:00–17:00), zones without daylight saving, every order is on the same local date, so the
 * daily buckets hold the same orders in each of those zones and only their start instants move; hourly
 * buckets are the same hours. What the engine finds must then be the same anomalies: a change of zone has
 * nothing genuinely new to raise. On one day US orders jump sixfold; from another Germany sells nothing.
 */
function storeCsv(): string {
  const lines = ['order_id,created_at,country,channel,revenue'];
  let id = 1;
  let seed = 11;
  const noise = () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 0.3;
  for (let d = 0; d < DAYS; d++) {
    const weekly = [1, 0.9, 0.95, 1, 1.1, 1.3, 1.2][d % 7]!;
    for (const country of ['US', 'DE', 'GB']) {
      const base = country === 'US' ? 40 : country === 'DE' ? 30 : 20;
      let orders = Math.round(base * weekly * (1 + noise()));
      if (d === SPIKE_DAY) orders = Math.round(orders * (country === 'US' ? 6 : 1.3));
      if (country === 'DE' && d >= DROP_FROM) orders = 0;
      for (let k = 0; k < orders; k++) {
        // Busiest mid-morning: a day's shape the hourly series can learn.
        const second = ((k * 7919) % 23_400) + ((k * 104_729 + d) % 23_400);
        const ts = new Date(START + d * DAY + 3_600_000 + second * 1000);
        lines.push(
          `${id++},${ts.toISOString()},${country},${k % 2 ? 'Email' : 'Direct'},${(30 + (k % 11)).toFixed(2)}`,
        );
      }
    }
  }
  return lines.join('\n') + '\n';
}

interface Row {
  insight_id: number;
  kpi_id: number;
  grain: string;
  dim_name: string;
  dim_val: string;
  pattern_type: string;
  direction: string;
  insight_ts: Date;
  ts_end: Date;
  group_id: number | null;
  title: string | null;
  status: string;
}

describe('matching findings to stored insights', () => {
  const H = 3_600_000;
  const D0 = Date.UTC(2026, 10, 18);
  const spike = (start: number, end = start, over: Partial<MatchKey> = {}): MatchKey => ({
    dim_name: '',
    dim_val: '',
    pattern_type: 'Point Anomaly',
    direction: 'up',
    start,
    end,
    ...over,
  });
  const stored = (id: number, key: MatchKey) => ({ ...key, insight_id: id });
  const ids = (out: Array<{ insight_id: number } | null>) => out.map((m) => m?.insight_id ?? null);

  it('pairs a day with the same day seen from another zone, not with its neighbour', () => {
    // UTC days 17, 18 and 19 Nov stored; Tokyo's 18 Nov starts at 15:00 UTC on the 17th.
    const old = [stored(1, spike(D0 - DAY)), stored(2, spike(D0)), stored(3, spike(D0 + DAY))];
    expect(ids(matchInsights('d', [spike(D0 - 9 * H)], old))).toEqual([2]);
    // New York's 18 Nov starts at 05:00 UTC on the 18th.
    expect(ids(matchInsights('d', [spike(D0 + 5 * H)], old))).toEqual([2]);
    // Both days found again, whatever order the findings come in.
    expect(ids(matchInsights('d', [spike(D0 + DAY - 9 * H), spike(D0 - 9 * H)], old))).toEqual([3, 2]);
  });

  it('keeps the rules of one zone: neighbouring days, other directions and values are other anomalies', () => {
    const old = [stored(1, spike(D0))];
    expect(ids(matchInsights('d', [spike(D0 + DAY)], old))).toEqual([null]);
    // The day after a 23-hour day (spring forward) starts 23 hours later: still another day.
    expect(ids(matchInsights('d', [spike(D0 + 23 * H)], old))).toEqual([null]);
    expect(ids(matchInsights('d', [spike(D0, D0, { direction: 'down' })], old))).toEqual([null]);
    expect(ids(matchInsights('d', [spike(D0, D0, { dim_name: 'country', dim_val: 'US' })], old))).toEqual([
      null,
    ]);
    // A window that grew over the stored day is the same incident; one finding takes one insight.
    expect(ids(matchInsights('d', [spike(D0 - DAY, D0 + DAY), spike(D0)], old))).toEqual([1, null]);
    // Hours: a half-hour zone moves an hour's start by 30 minutes, still the same hour.
    expect(ids(matchInsights('h', [spike(D0 + 30 * 60_000)], old))).toEqual([1]);
    expect(ids(matchInsights('h', [spike(D0 + H)], old))).toEqual([null]);
  });

  it('takes the nearest trend change of the same direction within the grain’s reach', () => {
    const trend = (start: number, direction = 'down') =>
      spike(start, start + 30 * DAY, { pattern_type: 'Trend Change', direction });
    const old = [stored(1, trend(D0 - 6 * DAY)), stored(2, trend(D0 + 2 * DAY, 'up'))];
    expect(ids(matchInsights('d', [trend(D0)], old))).toEqual([1]);
    expect(ids(matchInsights('d', [trend(D0 + DAY, 'up')], old))).toEqual([2]);
    expect(ids(matchInsights('d', [trend(D0 + 20 * DAY)], old))).toEqual([null]);
  });
});

describe('changing the store time zone', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number; tenant_uuid: string }; owner: Actor };

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    await uploadAndConfigure(t, shop.owner.headers, {
      file: { name: 'orders.csv', content: storeCsv() },
      metrics: [
        ['order_id', 'Orders', { type: 'operation', value: 'count' }],
        ['revenue', 'Average Order Value', { type: 'formula', value: 'sum(revenue) / count(order_id)' }],
      ],
      dimensions: [
        ['country', 'Country'],
        ['channel', 'Channel'],
      ],
      dateColumn: 'created_at',
    });
    await t.app.jobs.waitForIdle();
  }, 120_000);
  afterAll(() => t.close());

  const tenantId = () => shop.tenant.tenant_id;
  const insights = () =>
    t.db.query<Row>(
      `select insight_id::int, kpi_id::int, grain, dim_name, dim_val, pattern_type, direction, insight_ts, ts_end,
              group_id::int, title, status
         from insights where tenant_id = $1 order by insight_id`,
      [tenantId()],
    );
  const groups = () =>
    t.db.query<{
      group_id: number;
      team_state: string;
      severity: string;
      ts_start: Date;
      ts_end: Date;
      first: Date;
      last: Date;
      draft: { group_ts_start: string };
    }>(
      `select g.group_id::int, g.team_state, g.severity, g.ts_start, g.ts_end, g.draft,
              (select min(i.insight_ts) from insights i where i.tenant_id = g.tenant_id and i.group_id = g.group_id) as first,
              (select max(i.insight_ts) from insights i where i.tenant_id = g.tenant_id and i.group_id = g.group_id) as last
         from insight_groups g where g.tenant_id = $1 order by g.group_id`,
      [tenantId()],
    );
  // Alerts of insights. Digests are left out: a zone change may close a day or week that had not closed in
  // the old zone, and its digest then becomes due, once (checked below) - whether depends on the hour the
  // test runs.
  const alertKinds = "('insight_group', 'event_group')";
  const alerts = () =>
    t.db.query<{ item_id: string; dedupe_key: string }>(
      `select item_id, dedupe_key from notification_outbox where tenant_id = $1 and kind in ${alertKinds}
       order by notification_id`,
      [tenantId()],
    );
  const digestsSentTwice = () =>
    t.db.query<{ dedupe_key: string }>(
      `select dedupe_key from notification_outbox where tenant_id = $1 and kind not in ${alertKinds}
       group by user_id, channel, dedupe_key having count(*) > 1`,
      [tenantId()],
    );
  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: shop.owner.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const setZone = async (timezone: string) => {
    const url = `/v1/orgs/${shop.tenant.tenant_uuid}/preferences`;
    const prefs = (await api('GET', url)) as {
      display_name: string;
      preferences: { currency: string; is_forecast_enabled: boolean };
    };
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: shop.owner.headers,
      payload: {
        display_name: prefs.display_name,
        preferences: {
          currency: prefs.preferences.currency,
          timezone,
          is_forecast_enabled: prefs.preferences.is_forecast_enabled,
          events: { providers: [] },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The series rebuild in the new zone, then the pipelines they ask for.
    await t.app.jobs.waitForIdle();
  };
  const show = (rows: Row[]) =>
    JSON.stringify(
      rows.map((r) => [r.insight_id, r.grain, r.dim_val, r.pattern_type, r.direction, r.insight_ts]),
    );
  // Midnight of the zone, for zones without daylight saving: where its days, weeks and months start.
  const onGrid = (ts: Date, offsetHours: number) => (ts.getTime() + offsetHours * 3_600_000) % DAY === 0;

  it('keeps every insight, its group, its note, flag and feedback, and alerts nothing again', async () => {
    const before = await insights();
    expect(before.length).toBeGreaterThan(0);
    // The recent spike: an overall daily insight, alerted once.
    const spikeDay = START + SPIKE_DAY * DAY;
    const spike = before.find(
      (r) =>
        r.grain === 'd' &&
        r.dim_name === '' &&
        r.pattern_type === 'Point Anomaly' &&
        r.direction === 'up' &&
        r.insight_ts.getTime() === spikeDay,
    );
    expect(spike, show(before)).toBeDefined();
    expect(spike!.group_id).not.toBeNull();
    const alerted = await alerts();
    if (SPIKE_ALERTS) expect(alerted.map((a) => a.item_id)).toContain(String(spike!.group_id));
    // Hourly insights too, to see that they stay where they are.
    expect(before.some((r) => r.grain === 'h')).toBe(true);

    // The team's note, feedback and flag, through the routes the app uses.
    const shown = (await api('GET', `/v1/insights/${spike!.insight_id}`)) as {
      insight_title: string;
      insight_summary: string;
    };
    const note = {
      title: 'Launch day: the newsletter went out',
      summary: 'Expected; planned with marketing.',
    };
    await api('POST', `/v1/insights/${spike!.insight_id}/annotate`, {
      old_data: { title: shown.insight_title, summary: shown.insight_summary },
      new_data: note,
    });
    await api('POST', `/v1/insights/${spike!.insight_id}/feedback`, { feedback_ishelpful: true });
    await api('POST', '/v1/groups/team_states', {
      old_state: 'Open',
      current_state: 'Flagged',
      groups: [String(spike!.group_id)],
    });
    const groupsBefore = await groups();

    for (const [zone, offset] of [
      ['Asia/Tokyo', 9],
      ['Africa/Nairobi', 3],
    ] as const) {
      await setZone(zone);
      const after = await insights();
      // The same anomalies, the same ids: nothing new to raise, nothing raised twice.
      expect(
        after.map((r) => r.insight_id),
        `${zone}: ${show(after)}`,
      ).toEqual(before.map((r) => r.insight_id));
      for (const [i, was] of before.entries()) {
        const now = after[i]!;
        expect([now.kpi_id, now.grain, now.dim_name, now.dim_val, now.pattern_type, now.direction]).toEqual([
          was.kpi_id,
          was.grain,
          was.dim_name,
          was.dim_val,
          was.pattern_type,
          was.direction,
        ]);
        expect(now.group_id).toBe(was.group_id);
        if (now.grain === 'h') {
          // Hourly buckets are UTC hours in a whole-hour zone: they do not move.
          expect(now.insight_ts).toEqual(was.insight_ts);
        } else {
          // Days start at the new zone's midnight.
          expect(onGrid(now.insight_ts, offset), `${zone}: ${show([now])}`).toBe(true);
          if (now.pattern_type === 'Point Anomaly')
            expect(now.insight_ts.getTime()).toBe(was.insight_ts.getTime() - offset * 3_600_000);
        }
      }
      const moved = after.find((r) => r.insight_id === spike!.insight_id)!;
      expect(moved.insight_ts.getTime()).toBe(spikeDay - offset * 3_600_000);
      expect(moved.title).toBe(note.title);
      const read = (await api('GET', `/v1/insights/${spike!.insight_id}`)) as {
        insight_title: string;
        insight_summary: string;
        insight_id_ts: string;
      };
      expect([read.insight_title, read.insight_summary]).toEqual([note.title, note.summary]);
      expect(Date.parse(read.insight_id_ts)).toBe(moved.insight_ts.getTime());
      expect(await api('GET', `/v1/insights/${spike!.insight_id}/feedback`)).toMatchObject({
        feedback_ishelpful: true,
      });

      // The same groups, flag kept, each following its members to the new zone's days.
      const groupsAfter = await groups();
      expect(groupsAfter.map((g) => [g.group_id, g.team_state, g.severity])).toEqual(
        groupsBefore.map((g) => [g.group_id, g.team_state, g.severity]),
      );
      for (const g of groupsAfter) {
        expect([g.ts_start, g.ts_end]).toEqual([g.first, g.last]);
        expect(Date.parse(g.draft.group_ts_start)).toBe(g.ts_start.getTime());
      }
      expect(groupsAfter.find((g) => g.group_id === spike!.group_id)!.team_state).toBe('Flagged');
      // No alert again: the outbox holds what it held.
      expect(await alerts()).toEqual(alerted);
      expect(await digestsSentTwice()).toEqual([]);
    }
  }, 120_000);
});
