import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnnotateResponseSchema,
  FeedbackSchema,
  GroupImpactResponseSchema,
  GroupMetricsResponseSchema,
  GroupSchema,
  GroupsResponseSchema,
  HistoryResponseSchema,
  INSIGHT_MESSAGES,
  InsightSchema,
  InsightsResponseSchema,
  OverlaySeriesSchema,
  RootCauseSchema,
  TenantInfoSchema,
} from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { INSIGHT_STORE, createInsightWorkspace } from '../../testing/insight-store';

describe('the insights API', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let other: { tenant: { tenant_id: number }; owner: Actor };

  beforeAll(async () => {
    t = await buildTestApp();
    ({ shop } = await createInsightWorkspace(t));
    other = await createWorkspace(t);
  }, 120_000);
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, who: Actor = shop.owner) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const json = async (url: string) => {
    const res = await call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('pages the feed of groups, newest first, ten a page, and counts each page', async () => {
    const first = GroupsResponseSchema.parse(await json('/v1/insights/groups?page_num=1'));
    expect(first.groups.length).toBeGreaterThan(0);
    expect(first.generated_groups_count).toBe(first.groups.length);
    const starts = first.groups.map((g) => Date.parse(g.group_ts_start));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    // The store's data ended in 2025: open, but nothing is still going on.
    expect(first.groups.every((g) => g.group_status === 'Open' && g.insights.length > 0)).toBe(true);
    const far = GroupsResponseSchema.parse(await json('/v1/insights/groups?page_num=999'));
    expect(far).toEqual({ groups: [], generated_groups_count: 0 });
    // A window with nothing in it.
    const before = GroupsResponseSchema.parse(
      await json('/v1/insights/groups?end_time=2020-01-01T00:00:00Z'),
    );
    expect(before.groups).toEqual([]);
  });

  it("filters the feed by a dimension value: Germany's drop", async () => {
    const germany = GroupsResponseSchema.parse(await json('/v1/insights/groups?dim_name=country&dim_val=DE'));
    expect(germany.groups.length).toBeGreaterThan(0);
    const nowhere = GroupsResponseSchema.parse(await json('/v1/insights/groups?dim_name=country&dim_val=FR'));
    expect(nowhere.groups).toEqual([]);
  });

  it('answers a group, its metrics with their insights, its impact, and 404 for an unknown one', async () => {
    const { groups } = GroupsResponseSchema.parse(await json('/v1/insights/groups'));
    const group = GroupSchema.parse(await json(`/v1/insights/groups/${groups[0]!.group_id}`));
    expect(group.group_id).toBe(groups[0]!.group_id);
    const metrics = GroupMetricsResponseSchema.parse(await json(`/v1/groups/${group.group_id}/metrics`));
    expect(metrics.kpis[0]!.kpi_id).toBe(group.top_kpi_id);
    expect(metrics.kpis.flatMap((k) => k.insights.map((i) => i.insight_id)).sort()).toEqual(
      [...group.insights].sort(),
    );
    const impact = GroupImpactResponseSchema.parse(
      await json(`/v1/insights/groups/${group.group_id}/impact`),
    );
    expect(impact.map((i) => i.name)).toEqual(['Time to detect', 'Time to resolve']);
    expect(impact[1]!.value).toBeNull();
    const missing = await call('GET', '/v1/insights/groups/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('It looks like there is no data for this Group.');
  });

  it('times detection from when the metric was configured, or from the anomaly when it came later', async () => {
    const { groups } = GroupsResponseSchema.parse(await json('/v1/insights/groups'));
    const group = groups[0]!;
    const [row] = await t.db.query<{ created_at: Date; ts_start: Date; configured: Date }>(
      `select g.created_at, g.ts_start, m.created_at as configured
         from insight_groups g join metrics m on m.tenant_id = g.tenant_id and m.kpi_id = g.top_kpi_id
        where g.tenant_id = $1 and g.group_id = $2`,
      [shop.tenant.tenant_id, Number(group.group_id)],
    );
    const detect = async () =>
      GroupImpactResponseSchema.parse(await json(`/v1/insights/groups/${group.group_id}/impact`))[0]!.value;
    // History found by the first analysis: the anomaly came before the metric did.
    expect(row!.ts_start.getTime()).toBeLessThan(row!.configured.getTime());
    expect(await detect()).toBe(Math.max(0, row!.created_at.getTime() - row!.configured.getTime()));
    // Found live: the metric was watched before the anomaly started.
    await t.db.query('update metrics set created_at = $3 where tenant_id = $1 and kpi_id = $2', [
      shop.tenant.tenant_id,
      Number(group.top_kpi_id),
      new Date(row!.ts_start.getTime() - 30 * 86_400_000),
    ]);
    try {
      expect(await detect()).toBe(row!.created_at.getTime() - row!.ts_start.getTime());
    } finally {
      await t.db.query('update metrics set created_at = $3 where tenant_id = $1 and kpi_id = $2', [
        shop.tenant.tenant_id,
        Number(group.top_kpi_id),
        row!.configured,
      ]);
    }
  });

  it('lists insights four a page with the collaborate filters, and answers one with its root cause', async () => {
    const page = InsightsResponseSchema.parse(await json('/v1/insights?page_num=1'));
    expect(page.insights).toHaveLength(4);
    expect(page.generated_insights_count).toBe(4);
    const daily = InsightsResponseSchema.parse(
      await json('/v1/insights?count=50&pipeline_schedule=d&pattern_type=Point%20Anomaly'),
    );
    expect(
      daily.insights.every((i) => i.pipeline_schedule === 'd' && i.pattern_type === 'Point Anomaly'),
    ).toBe(true);
    const spike = daily.insights.find((i) => i.has_rootcause && i.pattern_direction === 'up')!;
    expect(spike).toBeDefined();
    const one = InsightSchema.parse(await json(`/v1/insights/${spike.insight_id}`));
    expect(one).toEqual(spike);
    expect(InsightSchema.parse(await json(`/v1/v1/insights/${spike.insight_id}`))).toEqual(spike);
    const rc = RootCauseSchema.parse(await json(`/v1/insights/${spike.insight_id}/rootcause`));
    expect(rc.rootcause_data[0]!.rootcause_details[0]!.dim_val).toBe('US');
    const byKpi = InsightsResponseSchema.parse(await json(`/v1/insights?count=100&kpis=${spike.kpi_id}`));
    expect(byKpi.insights.every((i) => i.kpi_id === spike.kpi_id)).toBe(true);
    expect((await call('GET', '/v1/insights/999999999')).statusCode).toBe(404);
  });

  it('annotates with the spec messages and records it in history', async () => {
    const { groups } = GroupsResponseSchema.parse(await json('/v1/insights/groups'));
    const group = groups[0]!;
    const url = `/v1/insights/groups/${group.group_id}/annotate`;
    const old_data = { title: group.group_title, summary: group.group_summary };
    const bad = async (new_data: { title: string; summary: string }, message: string) => {
      const res = await call('POST', url, { old_data, new_data });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await bad({ title: '  ', summary: '' }, INSIGHT_MESSAGES.titleEmpty);
    await bad({ title: 'A title', summary: '<b></b>' }, INSIGHT_MESSAGES.summaryEmpty);
    await bad(old_data, INSIGHT_MESSAGES.nothingChanged);
    const ok = await call('POST', url, {
      old_data,
      new_data: {
        title: 'Easter weekend <script>x</script>rush',
        summary: 'Orders peaked, mostly in the US.',
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(AnnotateResponseSchema.parse(ok.json()).title).toBe('Easter weekend xrush');
    expect(GroupSchema.parse(await json(`/v1/insights/groups/${group.group_id}`)).group_title).toBe(
      'Easter weekend xrush',
    );
    const history = HistoryResponseSchema.parse(await json(`/v1/insights/groups/${group.group_id}/history`));
    expect(history.history[0]).toMatchObject({
      change_type: 'annotation_change',
      change_data: { annotation_type: 'title,summary' },
    });
    expect(history.history[0]!.login_id).toBeTruthy();

    const insight = InsightsResponseSchema.parse(await json('/v1/insights')).insights[0]!;
    const res = await call('POST', `/v1/insights/${insight.insight_id}/annotate`, {
      old_data: { title: insight.insight_title, summary: insight.insight_summary },
      new_data: { title: insight.insight_title, summary: 'Checked with the team: a promotion.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(InsightSchema.parse(await json(`/v1/insights/${insight.insight_id}`)).insight_summary).toBe(
      'Checked with the team: a promotion.',
    );
  });

  it('moves groups between the feeds, harmlessly when already there, with history', async () => {
    const { groups } = GroupsResponseSchema.parse(await json('/v1/insights/groups'));
    const id = groups[1]!.group_id;
    const move = (old_state: string, current_state: string) =>
      call('POST', '/v1/groups/team_states', { old_state, current_state, groups: [id] });
    expect((await move('Open', 'Resolved')).json()).toEqual({ success: true, moved: 1 });
    expect((await move('Open', 'Resolved')).json()).toEqual({ success: true, moved: 0 });
    const resolvedFeed = GroupsResponseSchema.parse(await json('/v1/insights/groups?team_state=Resolved'));
    expect(resolvedFeed.groups.map((g) => g.group_id)).toEqual([id]);
    expect(resolvedFeed.groups[0]!.group_status).toBe('Resolved');
    const impact = GroupImpactResponseSchema.parse(await json(`/v1/insights/groups/${id}/impact`));
    expect(impact[1]!.value).toBeGreaterThan(0);
    expect((await move('Resolved', 'Open')).json()).toEqual({ success: true, moved: 1 });
    const history = HistoryResponseSchema.parse(await json(`/v1/insights/groups/${id}/history?count=4`));
    const moves = history.history.filter((h) => h.change_type === 'state_change');
    expect(moves.map((h) => h.change_data.current_state)).toEqual(['Open', 'Resolved']);
    const unknown = await call('POST', '/v1/groups/team_states', {
      old_state: 'Open',
      current_state: 'Flagged',
      groups: ['999999999'],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps one feedback per user and item, one field at a time', async () => {
    const { groups } = GroupsResponseSchema.parse(await json('/v1/insights/groups'));
    const url = `/v1/insights/groups/${groups[0]!.group_id}/feedback`;
    // No feedback yet is a card's usual state: 200 with null, so the feed logs no 404 per card.
    const none = await call('GET', url);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await call('GET', '/v1/insights/groups/999999999/feedback')).statusCode).toBe(404);
    const both = await call('POST', url, { feedback_ishelpful: true, feedback_comment: 'x' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(INSIGHT_MESSAGES.feedbackOneField);
    expect((await call('POST', url, {})).statusCode).toBe(400);
    const thumb = FeedbackSchema.parse((await call('POST', url, { feedback_ishelpful: false })).json());
    const comment = FeedbackSchema.parse(
      (await call('POST', url, { feedback_comment: 'Expected: a sale.' })).json(),
    );
    expect(comment).toEqual({ ...thumb, feedback_comment: 'Expected: a sale.' });
    expect(FeedbackSchema.parse(await json(url))).toEqual(comment);
    const insight = InsightsResponseSchema.parse(await json('/v1/insights')).insights[0]!;
    const posted = await call('POST', `/v1/insights/${insight.insight_id}/feedback`, {
      feedback_ishelpful: true,
    });
    expect(FeedbackSchema.parse(posted.json()).feedback_ishelpful).toBe(true);
  });

  it("tells the workspace its newest insight's anomaly time and where its data ends, not today", async () => {
    const info = TenantInfoSchema.parse(await json('/v1/tenants/info'));
    const [newest] = await t.db.query<{ at: Date }>(
      'select max(insight_ts) as at from insights where tenant_id = $1',
      [shop.tenant.tenant_id],
    );
    expect(info.last_insight_ts).toBe(newest!.at.toISOString());
    // The store's last day of orders, as the feed says "Your data ends on …".
    const lastDay = INSIGHT_STORE.START + (INSIGHT_STORE.DAYS - 1) * 86_400_000;
    expect(info.last_data_ts).toBe(new Date(lastDay).toISOString());
    expect(Date.parse(info.last_insight_ts!)).toBeLessThanOrEqual(lastDay);
  });

  it('calls a group Live only while its anomaly reaches the newest complete bucket of fresh data', async () => {
    const tenant = shop.tenant.tenant_id;
    // Replay the store as if its last day were today: every bucket and insight moved by the same amount.
    const [{ shift } = { shift: '0' }] = await t.db.query<{ shift: string }>(
      `select (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - max(ts[cardinality(ts)]))::text
              as shift
         from series where tenant_id = $1 and grain = 'd' and dim_name = ''`,
      [tenant],
    );
    const move = async (sign: 1 | -1) => {
      const by = [tenant, shift, sign];
      await t.db.query(
        `update series set ts = (select array_agg(x + $2::interval * $3 order by o)
                                   from unnest(ts) with ordinality u (x, o))
          where tenant_id = $1`,
        by,
      );
      await t.db.query(
        `update insights set insight_ts = insight_ts + $2::interval * $3, ts_end = ts_end + $2::interval * $3
          where tenant_id = $1`,
        by,
      );
      await t.db.query(
        `update insight_groups set ts_start = ts_start + $2::interval * $3, ts_end = ts_end + $2::interval * $3
          where tenant_id = $1`,
        by,
      );
    };
    await move(1);
    try {
      const { groups } = GroupsResponseSchema.parse(await json('/v1/insights/groups?page_num=1'));
      const live = groups.filter((g) => g.group_status === 'ACTIVE');
      expect(live.length).toBeGreaterThan(0);
      // Each live group holds an insight that ends at most one bucket before its series' newest complete one.
      const reaching = await t.db.query<{ group_id: string }>(
        `select distinct i.group_id::text from insights i
           join series s on s.tenant_id = i.tenant_id and s.kpi_id = i.kpi_id and s.grain = i.grain
            and s.dim_name = i.dim_name and s.dim_val = i.dim_val
          where i.tenant_id = $1 and s.ts[cardinality(s.ts)] >= now() - interval '2 days'
            and i.ts_end >= s.ts[cardinality(s.ts) - 1] - case i.grain when 'h' then interval '1 hour'
              when 'd' then interval '1 day' when 'w' then interval '7 days' else interval '1 month' end`,
        [tenant],
      );
      const ids = new Set(reaching.map((r) => r.group_id));
      for (const g of groups)
        expect(g.group_status, g.group_title).toBe(ids.has(g.group_id) ? 'ACTIVE' : 'Open');
      // The spike day is long over: its group is open, not live.
      const spikeDay = new Date(INSIGHT_STORE.START + INSIGHT_STORE.SPIKE_DAY * 86_400_000).toISOString();
      const [spike] = await t.db.query<{ group_id: string }>(
        `select group_id::text from insights where tenant_id = $1 and dim_name = '' and grain = 'd'
            and insight_ts - $3::interval = $2::timestamptz`,
        [tenant, spikeDay, shift],
      );
      const spikeGroup = GroupSchema.parse(await json(`/v1/insights/groups/${spike!.group_id}`));
      expect(spikeGroup.group_status).toBe('Open');
    } finally {
      await move(-1);
    }
  });

  it('overlays a window with the same window one and two periods earlier', async () => {
    const insight = InsightsResponseSchema.parse(await json('/v1/insights?pipeline_schedule=d')).insights[0]!;
    const base = `/v1/pattern_series/overlays?kpi_id=${insight.kpi_id}&pipeline_schedule=d`;
    const wow = OverlaySeriesSchema.parse(
      await json(`${base}&type=WoW&timestamp_start=2025-04-01T00:00:00Z&timestamp_end=2025-04-07T00:00:00Z`),
    );
    expect(wow.main.map((p) => p.timestamp)).toEqual(wow.period1.map((p) => p.timestamp));
    expect(wow.main).toHaveLength(7);
    // period1's values are the week before, laid on this week's days.
    const series = (await json(
      `/v1/pattern_series?kpi_id=${insight.kpi_id}&pipeline_schedule=d&timestamp_start=2025-03-25T00:00:00Z&timestamp_end=2025-03-31T00:00:00Z`,
    )) as Array<{ result: { y: number } }>;
    expect(wow.period1.map((p) => p.result.y)).toEqual(series.map((p) => p.result.y));
    const byDefault = OverlaySeriesSchema.parse(await json(base));
    expect(byDefault.main.length).toBeGreaterThan(0);
    const refused = await call('GET', `${base}&type=DoD`);
    expect(refused.statusCode).toBe(400);
  });

  it("keeps another workspace out: 404 in its own, 403 with this one's tenant_id", async () => {
    const { groups } = GroupsResponseSchema.parse(await json('/v1/insights/groups'));
    const insight = InsightsResponseSchema.parse(await json('/v1/insights')).insights[0]!;
    const urls = [
      `/v1/insights/groups/${groups[0]!.group_id}`,
      `/v1/groups/${groups[0]!.group_id}/metrics`,
      `/v1/insights/${insight.insight_id}`,
      `/v1/insights/${insight.insight_id}/rootcause`,
    ];
    for (const url of urls) {
      expect((await call('GET', url, undefined, other.owner)).statusCode, url).toBe(404);
      expect(
        (await call('GET', `${url}?tenant_id=${shop.tenant.tenant_id}`, undefined, other.owner)).statusCode,
        url,
      ).toBe(403);
    }
    const feed = GroupsResponseSchema.parse(
      (await call('GET', '/v1/insights/groups', undefined, other.owner)).json(),
    );
    expect(feed.groups).toEqual([]);
  });
});
