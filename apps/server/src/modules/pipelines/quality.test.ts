import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStore, wantedFindings, type PlantedAnomaly, type SampleStore } from '@tidemark/sample-data';
import { buildTestApp, contextOf, createWorkspace, type TestApp } from '../../testing/build-test-app';
import { importSampleStore } from '../demo';
import { replayAlerts } from '../notifications';
import { workspaceViolations } from '../../testing/invariants';

interface StoredInsight {
  kpi_display_name: string;
  grain: string;
  dim_name: string;
  dim_val: string;
  pattern_type: string;
  direction: string;
  insight_ts: Date;
  ts_end: Date;
  severity: string;
  dollar_impact: number | null;
  draft: { insight_summary: string; formatted_current_value: string };
  rootcause: {
    rootcause_data: Array<{ rootcause_details: Array<{ dim_name: string; dim_val: string }> }>;
  } | null;
}

const HOUR = 3_600_000;
const STORE_END = new Date('2026-11-24T14:00:00Z');
const DAY = 24 * HOUR;

/**
 * Detection quality on the sample store (13 months, hourly, two tables, planted anomalies with an answer
 * key): planted anomalies become insights of the right kind, time and dimension value (or the overall
 * insight's first root cause), and the store's holidays and Black Friday raise no High insight.
 */
describe('insights on the sample store', () => {
  let t: TestApp;
  let store: SampleStore;
  let insights: StoredInsight[];
  let tenantId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const shop = await createWorkspace(t);
    tenantId = shop.tenant.tenant_id;
    store = generateStore({ seed: 42, end: STORE_END });
    await t.db.query('update tenants set timezone = $2 where tenant_id = $1', [
      shop.tenant.tenant_id,
      store.timezone,
    ]);
    const base = contextOf(t);
    await importSampleStore({
      ctx: {
        ...base,
        tenantId: shop.tenant.tenant_id,
        isDemo: false,
        user: {
          userId: shop.owner.userId,
          userUuid: '',
          email: '',
          tenantId: shop.tenant.tenant_id,
          isOperator: false,
          sessionHash: '',
        },
      },
      input: store,
    });
    // 13 months hourly of 8 metrics: a busy 2-core machine needs more than the default minute.
    await t.app.jobs.waitForIdle({ timeoutMs: 400_000 });
    insights = await t.db.query<StoredInsight>(
      `select m.kpi_display_name, i.grain, i.dim_name, i.dim_val, i.pattern_type, i.direction, i.insight_ts,
              i.ts_end, i.severity, i.dollar_impact, i.draft, i.rootcause
         from insights i join metrics m using (tenant_id, kpi_id) where i.tenant_id = $1`,
      [shop.tenant.tenant_id],
    );
  }, 600_000);
  afterAll(() => t.close());

  const kindOf = (a: PlantedAnomaly) =>
    a.kind === 'level_shift' || a.kind === 'trend_change' ? 'Trend Change' : 'Point Anomaly';

  function found(a: PlantedAnomaly): StoredInsight | undefined {
    const start = Date.parse(a.start);
    const end = Date.parse(a.end);
    // A bend has no sharp edge: issue 26 counts it when dated within a week at the daily grain.
    const slack =
      a.kind === 'trend_change'
        ? 7 * DAY
        : kindOf(a) === 'Trend Change'
          ? 3 * DAY
          : a.grain === 'h'
            ? HOUR
            : DAY;
    return insights.find((i) => {
      if (!a.metrics.includes(i.kpi_display_name as never)) return false;
      if (i.direction !== a.direction) return false;
      if (kindOf(a) === 'Trend Change' && i.pattern_type !== 'Trend Change') {
        // A level shift is also told well by a spike at its start.
        if (a.kind !== 'level_shift' || Math.abs(i.insight_ts.getTime() - start) > slack) return false;
      } else if (kindOf(a) === 'Trend Change') {
        if (Math.abs(i.insight_ts.getTime() - start) > slack) return false;
      } else if (i.insight_ts.getTime() > end + slack || i.ts_end.getTime() < start - slack) return false;
      if (!a.dimension) return true;
      if (i.dim_val === a.dimension.value) return true;
      const top = i.rootcause?.rootcause_data[0]?.rootcause_details[0];
      return i.dim_name === '' && top?.dim_val === a.dimension.value;
    });
  }

  it('raises every planted anomaly', () => {
    // With the first Black Friday, which the data holds no year before (issue 26 item 5).
    const report = wantedFindings(store.answerKey).map((a) => ({
      id: a.id,
      kind: a.kind,
      start: a.start,
      dimension: a.dimension?.value ?? '',
      found: !!found(a),
    }));
    console.table(report);
    // A ratchet: anything else missed fails here. The growth reversal (+2 to −12 %/month, issue 26) is found
    // since the trend step searches the last piece for a bend (npm run bench:bends).
    expect(report.filter((r) => !r.found).map((r) => r.id)).toEqual([]);
  });

  it('raises the fourfold day of a low-volume channel, but not as High: the channel carries under 5% of sales', () => {
    const planted = store.answerKey.anomalies.find((a) => a.kind === 'low_volume_spike')!;
    expect(found(planted)?.severity).toBe('Medium');
  });

  it('tells the truth in every insight and group: figures, band, units and money match the series', async () => {
    expect(insights.length).toBeGreaterThan(10);
    expect(await workspaceViolations(t.db, tenantId)).toEqual([]);
  });

  it('alerts one loss once: no two alerting groups of two grains tell the same window of a metric', async () => {
    const alerting = new Set(
      (await replayAlerts({ ctx: contextOf(t), input: { tenantId, from: new Date(0), to: STORE_END } }))
        .filter((a) => a.kind === 'insight_group')
        .map((a) => Number(a.itemId)),
    );
    const groups = await t.db.query<{
      group_id: number;
      grain: string;
      top_kpi_id: number;
      dim: string;
      pattern: string;
      ts_start: Date;
      ts_end: Date;
    }>(
      `select group_id::int, grain, top_kpi_id::int, coalesce(dim_name, '') || '=' || coalesce(dim_val, '') as dim,
              draft->>'group_pattern_type' as pattern, ts_start, ts_end
         from insight_groups where tenant_id = $1`,
      [tenantId],
    );
    const bucket: Record<string, number> = { h: HOUR, d: DAY, w: 7 * DAY, m: 31 * DAY };
    const told = groups.filter((g) => alerting.has(g.group_id));
    expect(told.length).toBeGreaterThan(5);
    expect(new Set(told.map((g) => g.grain)).size).toBeGreaterThan(1);
    const twice = told.flatMap((a) =>
      told
        .filter(
          (b) =>
            a.group_id < b.group_id &&
            a.grain !== b.grain &&
            a.top_kpi_id === b.top_kpi_id &&
            a.dim === b.dim &&
            a.pattern === b.pattern &&
            a.ts_start.getTime() < b.ts_end.getTime() + bucket[b.grain]! &&
            b.ts_start.getTime() < a.ts_end.getTime() + bucket[a.grain]!,
        )
        .map((b) => `${a.group_id} ${a.grain} and ${b.group_id} ${b.grain}`),
    );
    expect(twice).toEqual([]);
  });

  it('prices a movement from the revenue it moved: the tracking outage, with revenue normal, costs nothing', () => {
    const outage = store.answerKey.anomalies.find((a) => a.kind === 'tracking_outage')!;
    const seen = insights.filter(
      (i) =>
        ['Add to Carts', 'Checkouts'].includes(i.kpi_display_name) &&
        i.insight_ts.getTime() <= Date.parse(outage.end) &&
        i.ts_end.getTime() >= Date.parse(outage.start),
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const i of seen) expect(i.dollar_impact, i.kpi_display_name).toBe(0);
  });

  it('values the money metrics in the currency, and leaves the others without a figure', () => {
    const money = insights.filter((i) => ['Revenue', 'Net Revenue', 'Orders'].includes(i.kpi_display_name));
    expect(money.length).toBeGreaterThan(0);
    for (const i of money) {
      expect(i.dollar_impact, `${i.kpi_display_name} ${i.insight_ts.toISOString()}`).not.toBeNull();
      // A figure follows its direction; Orders are priced by the revenue that moved with them, which may be none.
      if (i.kpi_display_name !== 'Orders' || i.dollar_impact !== 0)
        expect(Math.sign(i.dollar_impact!)).toBe(i.direction === 'up' ? 1 : -1);
    }
    expect(
      insights.filter((i) => i.kpi_display_name === 'Sessions').every((i) => i.dollar_impact === null),
    ).toBe(true);
  });

  it("writes the revenue metrics' figures in the store's currency, and the counts without one", () => {
    const revenue = insights.filter((i) => i.kpi_display_name === 'Revenue');
    expect(revenue.length).toBeGreaterThan(0);
    for (const i of revenue) {
      expect(i.draft.formatted_current_value).toMatch(/^\$/);
      expect(i.draft.insight_summary).toContain('$');
    }
    for (const i of insights.filter((x) => x.kpi_display_name === 'Sessions'))
      expect(i.draft.formatted_current_value).not.toContain('$');
  });

  it('raises no hourly alarm on ordinary hours: clock changes and quiet nights are not anomalies', () => {
    // The planted movements' own days and hours (not the open-ended windows of a trend or level change).
    const planted = store.answerKey.anomalies
      .filter((a) => kindOf(a) === 'Point Anomaly')
      .map((a) => ({
        s: Date.parse(a.start) - HOUR,
        e: Date.parse(a.end) + HOUR,
      }));
    const stray = insights.filter(
      (i) =>
        i.grain === 'h' &&
        i.pattern_type === 'Point Anomaly' &&
        !planted.some((p) => i.insight_ts.getTime() <= p.e && i.ts_end.getTime() >= p.s),
    );
    // Fitted on UTC hours and on the log scale alone, the week after each clock change and the nights
    // without an order raised about 70 of these; one stray a year across eight metrics is the budget.
    const told = stray.map((i) => `${i.kpi_display_name} ${i.direction} ${i.insight_ts.toISOString()}`);
    expect(told.length, told.join('; ')).toBeLessThanOrEqual(2);
  });

  it('raises no High insight on the holidays and Black Friday', () => {
    const peaks = store.answerKey.normalPeaks.map((p) => ({ s: Date.parse(p.start), e: Date.parse(p.end) }));
    const high = insights.filter(
      (i) =>
        i.severity === 'High' &&
        peaks.some((p) => i.insight_ts.getTime() >= p.s && i.insight_ts.getTime() < p.e),
    );
    expect(high.map((i) => [i.kpi_display_name, i.grain, i.dim_val, i.insight_ts.toISOString()])).toEqual([]);
  });
});
