import { z } from 'zod';
import { PatternTypeSchema, SeveritySchema } from './insights';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

// The feed's summary banner (spec 3 §2, §3 Histogram, §7 summary calls): counts over a window, the
// histogram, pipeline stats and the top metric. The feed summary pieces' paths are not shown in the spec.

const Iso = z.iso.datetime({ offset: true });
const csvIds = z
  .string()
  .max(2000)
  .regex(/^\d{1,18}(,\d{1,18})*$/, 'must be a comma-separated list of ids');

export const SummaryQuerySchema = TenantQuerySchema.extend({
  start_time: Iso.optional(),
  end_time: Iso.optional(),
  kpis: csvIds.optional(),
  pattern_type: PatternTypeSchema.optional(),
  severity: SeveritySchema.optional(),
  pipeline_schedule: z.enum(['h', 'd', 'w', 'm']).optional(),
  dim_name: z.string().max(200).optional(),
  dim_val: z.string().max(500).optional(),
  // Accepted for the spec's callers; they do not narrow insights.
  dimension_id: z.string().max(50).optional(),
  dimensions: z.string().max(2000).optional(),
  is_forecast_enabled: z.string().max(10).optional(),
  sub_type: z.string().max(100).optional(),
  event_details_message: z.string().max(500).optional(),
  is_pixel: z.string().max(10).optional(),
  is_summary: z.string().max(10).optional(),
  title: z.string().max(200).optional(),
});
export type SummaryQuery = z.infer<typeof SummaryQuerySchema>;

export const HISTOGRAM_GRANULARITIES = ['hour', 'day', 'week', 'month', 'quarter'] as const;
export const HistogramSchema = z.object({
  histogram_granularity: z.enum(HISTOGRAM_GRANULARITIES),
  histogram_data: z.array(
    z.object({
      timestamp: z.string(),
      positive: z.object({ count: z.number().int() }),
      negative: z.object({ count: z.number().int() }),
    }),
  ),
});
export type Histogram = z.infer<typeof HistogramSchema>;

export const PipelineStatsSchema = z.object({
  /** Series the pipelines analysed (every metric × grain × dimension value). */
  time_series_analysed: z.number().int(),
  last_pipeline_run_ts: z.string().nullable(),
});

export const TopMetricSchema = z.object({
  value: z.number().nullable(),
  formatted_value: z.string().nullable(),
  insights_count: z.number().int(),
  attributes: z.object({ kpi_id: z.string(), kpi_display_name: z.string() }).nullable(),
});

export const PatternsSchema = z.object({
  insights_count: z.number().int(),
  spikes_count: z.number().int(),
  trends_count: z.number().int(),
  positive_count: z.number().int(),
  negative_count: z.number().int(),
  by_severity: z.object({ High: z.number().int(), Medium: z.number().int(), Low: z.number().int() }),
});

export const SummarySchema = PipelineStatsSchema.extend({
  patterns: PatternsSchema,
  top_metric: TopMetricSchema,
});

export const SummaryInfoSchema = z.object({ title: z.string(), summary: z.string() });

const route = <R extends z.ZodType>(name: string, path: string, response: R) =>
  defineRoute({
    method: 'GET',
    path,
    access: 'tenant',
    summary: name,
    tags: ['insights'],
    query: SummaryQuerySchema,
    response,
  });

export const summaryRoutes = {
  insightsSummary: route(
    "A window's insight counts, pipeline stats and top metric",
    '/v1/insights/summary',
    SummarySchema,
  ),
  insightsSummaryInfo: route(
    "A window's summary in a sentence",
    '/v1/insights/summary/info',
    SummaryInfoSchema,
  ),
  insightsSummaryHistogram: route(
    'Insights over time, positive and negative',
    '/v1/insights/summary/histogram',
    HistogramSchema,
  ),
  feedSummaryHistogram: route('The feed banner: histogram', '/v1/feed/summary/histogram', HistogramSchema),
  feedSummaryPipelineStats: route(
    'The feed banner: series analysed and the last run',
    '/v1/feed/summary/pipeline_stats',
    PipelineStatsSchema,
  ),
  feedSummaryTopMetric: route(
    'The feed banner: the metric with the most insights',
    '/v1/feed/summary/top_metric',
    TopMetricSchema,
  ),
  feedSummaryPatterns: route(
    'The feed banner: spikes and trend changes',
    '/v1/feed/summary/patterns',
    PatternsSchema,
  ),
} as const;
