import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HistogramSchema,
  PatternsSchema,
  PipelineStatsSchema,
  SummaryInfoSchema,
  SummarySchema,
  TopMetricSchema,
} from '@tidemark/contract';
import { buildTestApp, type Actor, type TestApp } from '../../testing/build-test-app';
import { createInsightWorkspace } from '../../testing/insight-store';
import { granularityOf } from './summary.service';

describe('the feed summary', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  // The sample store's months (its data is in 2025).
  const window = 'start_time=2025-01-01T00:00:00Z&end_time=2025-05-10T00:00:00Z';

  beforeAll(async () => {
    t = await buildTestApp();
    ({ shop } = await createInsightWorkspace(t));
  }, 120_000);
  afterAll(() => t.close());

  const json = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: shop.owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const stored = async (extra = '') =>
    (
      await t.db.query<{ n: number }>(
        `select count(*)::int as n from insights where tenant_id = $1 and insight_ts >= '2025-01-01' and insight_ts < '2025-05-10' ${extra}`,
        [shop.tenant.tenant_id],
      )
    )[0]!.n;

  it('counts the window’s insights by kind, direction and severity', async () => {
    const patterns = PatternsSchema.parse(await json(`/v1/feed/summary/patterns?${window}`));
    expect(patterns.insights_count).toBe(await stored());
    expect(patterns.spikes_count).toBe(await stored(`and pattern_type = 'Point Anomaly'`));
    expect(patterns.spikes_count + patterns.trends_count).toBe(patterns.insights_count);
    expect(patterns.positive_count + patterns.negative_count).toBe(patterns.insights_count);
    const summary = SummarySchema.parse(await json(`/v1/insights/summary?${window}`));
    expect(summary.patterns).toEqual(patterns);
    expect(summary.time_series_analysed).toBeGreaterThan(0);
    const daily = PatternsSchema.parse(await json(`/v1/feed/summary/patterns?${window}&pipeline_schedule=d`));
    expect(daily.insights_count).toBe(await stored(`and grain = 'd'`));
  });

  it('draws the histogram at a granularity that suits the window', async () => {
    const histogram = HistogramSchema.parse(await json(`/v1/insights/summary/histogram?${window}`));
    expect(histogram.histogram_granularity).toBe('week');
    const total = histogram.histogram_data.reduce((s, b) => s + b.positive.count + b.negative.count, 0);
    expect(total).toBe(await stored());
    expect(HistogramSchema.parse(await json(`/v1/feed/summary/histogram?${window}`))).toEqual(histogram);
    const day = (d: string) => new Date(d);
    expect(granularityOf({ start: day('2025-01-01'), end: day('2025-01-02') })).toBe('hour');
    expect(granularityOf({ start: day('2025-01-01'), end: day('2025-01-16') })).toBe('day');
    expect(granularityOf({ start: day('2025-01-01'), end: day('2026-01-01') })).toBe('month');
    expect(granularityOf({ start: day('2020-01-01'), end: day('2026-01-01') })).toBe('quarter');
  });

  it('names the top metric, the pipeline stats and a sentence for the window', async () => {
    const top = TopMetricSchema.parse(await json(`/v1/feed/summary/top_metric?${window}`));
    expect(top.attributes?.kpi_display_name).toMatch(/Orders|Average Order Value/);
    expect(top.insights_count).toBeGreaterThan(0);
    const stats = PipelineStatsSchema.parse(await json('/v1/feed/summary/pipeline_stats'));
    expect(Date.parse(stats.last_pipeline_run_ts!)).toBeGreaterThan(Date.now() - 600_000);
    const info = SummaryInfoSchema.parse(
      await json(`/v1/insights/summary/info?${window}&title=This%20quarter`),
    );
    expect(info.title).toBe('This quarter');
    expect(info.summary).toMatch(/^\d+ insights?: \d+ spikes?/);
    const empty = SummaryInfoSchema.parse(
      await json('/v1/insights/summary/info?end_time=2020-01-01T00:00:00Z'),
    );
    expect(empty.summary).toBe('No insights in this period.');
  });
});
