import { z } from 'zod';

// Wire shapes of the insights area (spec 3 §3): groups, insights with pattern_data, series points,
// overlay series and root cause. Field names are the spec's, snake_case.

export const SeveritySchema = z.enum(['High', 'Medium', 'Low']);
export type Severity = z.infer<typeof SeveritySchema>;
export const AccentSchema = z.enum(['positive', 'negative']);
export type Accent = z.infer<typeof AccentSchema>;
export const PatternDirectionSchema = z.enum(['up', 'down']);
export const PatternTypeSchema = z.enum(['No Anomaly', 'Point Anomaly', 'Trend Change']);
export type PatternType = z.infer<typeof PatternTypeSchema>;
export const PipelineScheduleSchema = z.enum(['h', 'd', 'w', 'm', 'q', 'y']);
export type PipelineSchedule = z.infer<typeof PipelineScheduleSchema>;
export const KpiFormatSchema = z.enum(['percentage', 'number']);
export const SeriesStatusSchema = z.enum(['ok', 'no data', 'not enough history', 'constant series']);
export type SeriesStatus = z.infer<typeof SeriesStatusSchema>;

export const TrendLineSchema = z.object({
  coords: z.array(z.tuple([z.number(), z.number()])),
  accent: AccentSchema,
});

export const TrendLinePatternSchema = z.object({
  trend_change: z.object({ lastcp_ts: z.number().nullable() }),
  trend_prediction: z.object({ pre_trendline: TrendLineSchema, post_trendline: TrendLineSchema }).nullable(),
});
export type TrendLinePattern = z.infer<typeof TrendLinePatternSchema>;

export const PatternDataSchema = z.object({
  yhat_lower: z.number(),
  yhat_upper: z.number(),
  formatted_yhat_lower: z.string(),
  formatted_yhat_upper: z.string(),
  formatted_delta_to_date: z.string(),
  changepoint_value: z.number().nullable(),
  formatted_changepoint_value: z.string().nullable(),
  post_period: z.string().nullable(),
  trend_unit: z.string().nullable(),
  trend_line: TrendLinePatternSchema.nullable(),
});
export type PatternData = z.infer<typeof PatternDataSchema>;

export const InsightSchema = z.object({
  insight_id: z.string(),
  insight_id_ts: z.string(),
  insight_title: z.string(),
  insight_summary: z.string(),
  insight_severity: SeveritySchema,
  accent: AccentSchema,
  pattern_direction: PatternDirectionSchema,
  pattern_type: PatternTypeSchema,
  pipeline_schedule: PipelineScheduleSchema,
  pattern_count: z.number().int(),
  has_rootcause: z.boolean(),
  kpi_id: z.string(),
  kpi_display_name: z.string(),
  kpi_format: KpiFormatSchema,
  chart_description: z.string(),
  chart_ts_start: z.string(),
  chart_ts_end: z.string(),
  current_value: z.number(),
  expected_value: z.number(),
  formatted_current_value: z.string(),
  formatted_expected_value: z.string(),
  formatted_difference_value: z.string(),
  formatted_lift_percentage: z.string(),
  formatted_trailing_sum: z.string(),
  formatted_normalization_string: z.string(),
  is_derived: z.boolean(),
  pattern_data: PatternDataSchema,
});
export type Insight = z.infer<typeof InsightSchema>;

export const GroupSchema = z.object({
  group_id: z.string(),
  group_title: z.string(),
  group_summary: z.string(),
  group_accent: AccentSchema,
  group_severity: SeveritySchema,
  group_status: z.string(),
  group_ts_start: z.string(),
  group_ts_end: z.string(),
  group_pattern_type: PatternTypeSchema,
  group_direction: PatternDirectionSchema,
  pipeline_schedule: z.enum(['h', 'd', 'w', 'm']),
  insights: z.array(z.string()),
  tenant_id: z.string(),
  dim_display_name: z.string().nullable(),
  dim_val: z.string().nullable(),
  funnels: z.array(z.string()),
  top_kpi_id: z.string(),
  chart_ts_start: z.string(),
  chart_ts_end: z.string(),
  chart_title: z.string(),
});
export type Group = z.infer<typeof GroupSchema>;

export const SeriesPointSchema = z.object({
  timestamp: z.string(),
  result: z.object({
    y: z.number().nullable(),
    yhat: z.number().nullable(),
    yhat_lower: z.number().nullable(),
    yhat_upper: z.number().nullable(),
    anomaly: z.enum(['True', 'False']),
  }),
});
export type SeriesPoint = z.infer<typeof SeriesPointSchema>;

export const OverlaySeriesSchema = z.object({
  main: z.array(SeriesPointSchema),
  period1: z.array(SeriesPointSchema),
  period2: z.array(SeriesPointSchema),
});
export type OverlaySeries = z.infer<typeof OverlaySeriesSchema>;

export const OverlayTypeSchema = z.enum(['DoD', 'WoW', 'MoM', 'QoQ', 'YoY']);
export type OverlayType = z.infer<typeof OverlayTypeSchema>;

export const RootCauseDetailSchema = z.object({
  dim_name: z.string(),
  dim_val: z.string(),
  group: z.string(),
  drill_down_group: z.string().nullable(),
  pattern_contribution: z.number(),
  kpi_value_movement_decimal: z.number(),
  kpi_population_change_pct: z.number(),
  formatted_pattern_contribution: z.string(),
  formatted_kpi_value_movement_decimal: z.string(),
  formatted_kpi_population_change_pct: z.string(),
  current_value: z.number(),
  expected_value: z.number(),
  formatted_current_value: z.string(),
  formatted_expected_value: z.string(),
  surprise: z.number(),
});
export type RootCauseDetail = z.infer<typeof RootCauseDetailSchema>;

export const RootCauseGroupSchema = z.object({
  group: z.string(),
  level: z.number().int(),
  dim_name: z.string(),
  parent_group: z.string().nullable(),
  score: z.number(),
  omitted_null_values: z.number().int(),
  rootcause_details: z.array(RootCauseDetailSchema),
});

export const RootCauseSchema = z.object({
  status: z.enum(['ok', 'no change', 'no data']),
  rootcause_data: z.array(RootCauseGroupSchema),
});
export type RootCause = z.infer<typeof RootCauseSchema>;

export const MetricImpactSchema = z.object({
  formatted_kpi_value_movement: z.string(),
  kpi_value_movement: z.number(),
  accent: AccentSchema,
  formatted_current_value: z.string(),
  formatted_previous_value: z.string(),
});
export type MetricImpact = z.infer<typeof MetricImpactSchema>;
