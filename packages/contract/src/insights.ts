import { z } from 'zod';
import { defineRoute } from './route';
import { OutageLinkSchema } from './outages';
import { TenantQuerySchema } from './tenants';

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
/** How a metric's values read: 'currency' is money, in the metric's currency (kpi_currency). */
export const KpiFormatSchema = z.enum(['percentage', 'number', 'currency']);
export type KpiFormat = z.infer<typeof KpiFormatSchema>;
/** An ISO 4217 code as stored with a money metric (EUR, USD). */
export const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code');
/** A money metric's currency (its own, else the workspace's); null for metrics that are not money. */
export const KpiCurrencySchema = CurrencyCodeSchema.nullable();
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
  kpi_currency: KpiCurrencySchema.optional(),
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
  /** What the movement was worth: the deviation × the metric's dollar_impact; null when that is not set. */
  dollar_impact: z.number().nullable(),
  formatted_dollar_impact: z.string().nullable(),
  /** The dimension value the insight is about (null overall): its chart reads that slice of the series. */
  dim_name: z.string().nullable().optional(),
  dim_val: z.string().nullable().optional(),
  /** The group it belongs to (null when ungrouped): the insight page links to it. */
  group_id: z.string().nullable().optional(),
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
  /** Its largest member's dollar impact (members are mostly one event seen in several metrics). */
  dollar_impact: z.number().nullable(),
  formatted_dollar_impact: z.string().nullable(),
  /** Provider outages linked to this group (issue 12), on the group call and on feed cards. */
  related_outages: z.array(OutageLinkSchema).optional(),
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

// ---- The insights API (spec 3 §7) ----

export const INSIGHT_STATUSES = ['Open', 'Important', 'Snoozed', 'Flagged', 'Archived', 'Resolved'] as const;
export const TEAM_STATES = ['Open', 'Resolved', 'Flagged'] as const;
export const TeamStateSchema = z.enum(TEAM_STATES);
export type TeamState = z.infer<typeof TeamStateSchema>;
/** Groups per feed page; history and insight lists use count=4 (spec 3 §9). */
export const GROUPS_PAGE_SIZE = 10;
export const INSIGHTS_PAGE_SIZE = 4;

export const INSIGHT_MESSAGES = {
  titleEmpty: 'Title cannot be empty',
  summaryEmpty: 'Summary cannot be empty',
  nothingChanged: 'Please update either title or summary',
  feedbackOneField: 'Send either feedback_ishelpful or feedback_comment, not both.',
  annotated: 'The record is updated successfully.',
  moved: (state: string) => `Moved to ${state}`,
} as const;

const IdSchema = z.string().regex(/^\d{1,18}$/, 'must be an id');
const IsoSchema = z.iso.datetime({ offset: true });
const DimFilterSchema = {
  dim_name: z.string().max(200).optional(),
  dim_val: z.string().max(500).optional(),
};

export const GroupParamsSchema = z.object({ group_id: IdSchema });
export const InsightParamsSchema = z.object({ insight_id: IdSchema });

export const GroupsQuerySchema = TenantQuerySchema.extend({
  page_num: z.coerce.number().int().min(1).max(100_000).default(1),
  start_time: IsoSchema.optional(),
  end_time: IsoSchema.optional(),
  /** Which feed: Open (the default) or the team's Resolved / Flagged one. */
  team_state: TeamStateSchema.optional(),
  ...DimFilterSchema,
});
export const GroupsResponseSchema = z.object({
  groups: z.array(GroupSchema),
  /** Groups on this page; the feed ends when it is below 1. */
  generated_groups_count: z.number().int(),
});

export const GroupQuerySchema = TenantQuerySchema.extend(DimFilterSchema);

export const GroupMetricSchema = z.object({
  kpi_id: z.string(),
  kpi_display_name: z.string(),
  kpi_format: KpiFormatSchema,
  kpi_currency: KpiCurrencySchema.optional(),
  pipeline_schedule: z.enum(['h', 'd', 'w', 'm']),
  insights: z.array(InsightSchema),
});
export const GroupMetricsResponseSchema = z.object({ kpis: z.array(GroupMetricSchema) });

export const GroupImpactItemSchema = z.object({
  type: z.literal('time'),
  name: z.enum(['Time to detect', 'Time to resolve']),
  /** Milliseconds; null until known (a group not resolved yet). */
  value: z.number().nullable(),
});
export const GroupImpactResponseSchema = z.array(GroupImpactItemSchema);

export const HistoryEntrySchema = z.object({
  change_type: z.enum(['state_change', 'annotation_change']),
  change_data: z.object({
    current_state: z.string().optional(),
    old_state: z.string().optional(),
    annotation_type: z.string().optional(),
    /** Where the move was made when not in the app: 'slack' for an alert's button. */
    via: z.string().optional(),
  }),
  login_id: z.string().nullable(),
  created_at: z.string(),
});
export const HistoryQuerySchema = TenantQuerySchema.extend({
  page_num: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce.number().int().min(1).max(100).default(INSIGHTS_PAGE_SIZE),
});
export const HistoryResponseSchema = z.object({
  history: z.array(HistoryEntrySchema),
  count: z.number().int(),
});

const csvIds = z
  .string()
  .max(2000)
  .regex(/^\d{1,18}(,\d{1,18})*$/, 'must be a comma-separated list of ids');
export const InsightsQuerySchema = TenantQuerySchema.extend({
  page_num: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce.number().int().min(1).max(100).default(INSIGHTS_PAGE_SIZE),
  kpis: csvIds.optional(),
  pattern_type: z.enum(['Point Anomaly', 'Trend Change']).optional(),
  severity: SeveritySchema.optional(),
  start_time: IsoSchema.optional(),
  end_time: IsoSchema.optional(),
  pipeline_schedule: z.enum(['h', 'd', 'w', 'm']).optional(),
  group_id: IdSchema.optional(),
  ...DimFilterSchema,
});
export const InsightsResponseSchema = z.object({
  insights: z.array(InsightSchema),
  generated_insights_count: z.number().int(),
});

const annotationText = z.string().max(5000);
export const AnnotateBodySchema = z.object({
  old_data: z.object({ title: annotationText, summary: annotationText }),
  new_data: z.object({ title: annotationText, summary: annotationText }),
});
export const AnnotateResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  title: z.string(),
  summary: z.string(),
});

export const TeamStatesBodySchema = z.object({
  old_state: TeamStateSchema,
  current_state: TeamStateSchema,
  groups: z.array(IdSchema).min(1).max(100),
});
export const TeamStatesResponseSchema = z.object({ success: z.boolean(), moved: z.number().int() });

export const FeedbackBodySchema = z.object({
  feedback_ishelpful: z.boolean().optional(),
  feedback_comment: z.string().trim().min(1).max(2000).optional(),
});
export const FeedbackSchema = z.object({
  feedback_id: z.string(),
  feedback_ishelpful: z.boolean().nullable(),
  feedback_comment: z.string().nullable(),
});

const tenantOnly = TenantQuerySchema;

export const insightsRoutes = {
  listGroups: defineRoute({
    method: 'GET',
    path: '/v1/insights/groups',
    access: 'tenant',
    summary: 'Insight groups for the feed, newest first, a page at a time',
    tags: ['insights'],
    query: GroupsQuerySchema,
    response: GroupsResponseSchema,
  }),
  getGroup: defineRoute({
    method: 'GET',
    path: '/v1/insights/groups/:group_id',
    access: 'tenant',
    summary: 'One insight group',
    tags: ['insights'],
    params: GroupParamsSchema,
    query: GroupQuerySchema,
    response: GroupSchema,
  }),
  groupMetrics: defineRoute({
    method: 'GET',
    path: '/v1/groups/:group_id/metrics',
    access: 'tenant',
    summary: "A group's metrics with their insights (loaded when a card expands)",
    tags: ['insights'],
    params: GroupParamsSchema,
    query: GroupQuerySchema,
    response: GroupMetricsResponseSchema,
  }),
  groupImpact: defineRoute({
    method: 'GET',
    path: '/v1/insights/groups/:group_id/impact',
    access: 'tenant',
    summary: 'Time to detect and time to resolve a group',
    tags: ['insights'],
    params: GroupParamsSchema,
    query: tenantOnly,
    response: GroupImpactResponseSchema,
  }),
  groupHistory: defineRoute({
    method: 'GET',
    path: '/v1/insights/groups/:group_id/history',
    access: 'tenant',
    summary: "A group's history: team moves and annotations, newest first",
    tags: ['insights'],
    params: GroupParamsSchema,
    query: HistoryQuerySchema,
    response: HistoryResponseSchema,
  }),
  listInsights: defineRoute({
    method: 'GET',
    path: '/v1/insights',
    access: 'tenant',
    summary: 'Insights, four a page, with the collaborate filters',
    tags: ['insights'],
    query: InsightsQuerySchema,
    response: InsightsResponseSchema,
  }),
  getInsight: defineRoute({
    method: 'GET',
    path: '/v1/insights/:insight_id',
    access: 'tenant',
    summary: 'One insight',
    tags: ['insights'],
    params: InsightParamsSchema,
    query: GroupQuerySchema,
    response: InsightSchema,
  }),
  getInsightDoublePrefix: defineRoute({
    method: 'GET',
    path: '/v1/v1/insights/:insight_id',
    access: 'tenant',
    summary: 'One insight (the variant with the extra /v1 prefix that spec 3 §7 mentions)',
    tags: ['insights'],
    params: InsightParamsSchema,
    query: GroupQuerySchema,
    response: InsightSchema,
  }),
  insightRootCause: defineRoute({
    method: 'GET',
    path: '/v1/insights/:insight_id/rootcause',
    access: 'tenant',
    summary: "An insight's root cause by dimension",
    tags: ['insights'],
    params: InsightParamsSchema,
    query: tenantOnly,
    response: RootCauseSchema,
  }),
  annotateInsight: defineRoute({
    method: 'POST',
    path: '/v1/insights/:insight_id/annotate',
    access: 'tenant',
    summary: "Edit an insight's title and summary",
    tags: ['insights'],
    params: InsightParamsSchema,
    query: tenantOnly,
    body: AnnotateBodySchema,
    response: AnnotateResponseSchema,
  }),
  annotateGroup: defineRoute({
    method: 'POST',
    path: '/v1/insights/groups/:group_id/annotate',
    access: 'tenant',
    summary: "Edit a group's title and summary",
    tags: ['insights'],
    params: GroupParamsSchema,
    query: tenantOnly,
    body: AnnotateBodySchema,
    response: AnnotateResponseSchema,
  }),
  moveTeamStates: defineRoute({
    method: 'POST',
    path: '/v1/groups/team_states',
    access: 'tenant',
    summary: 'Move groups between the Open and the Resolved or Flagged feeds',
    tags: ['insights'],
    query: tenantOnly,
    body: TeamStatesBodySchema,
    response: TeamStatesResponseSchema,
  }),
  getInsightFeedback: defineRoute({
    method: 'GET',
    path: '/v1/insights/:insight_id/feedback',
    access: 'tenant',
    summary: "The current user's feedback on an insight (null when none yet)",
    tags: ['insights'],
    params: InsightParamsSchema,
    query: tenantOnly,
    response: FeedbackSchema.nullable(),
  }),
  postInsightFeedback: defineRoute({
    method: 'POST',
    path: '/v1/insights/:insight_id/feedback',
    access: 'tenant',
    summary: 'Tell whether an insight helped, or comment on it',
    tags: ['insights'],
    params: InsightParamsSchema,
    query: tenantOnly,
    body: FeedbackBodySchema,
    response: FeedbackSchema,
  }),
  getGroupFeedback: defineRoute({
    method: 'GET',
    path: '/v1/insights/groups/:group_id/feedback',
    access: 'tenant',
    summary: "The current user's feedback on a group (null when none yet)",
    tags: ['insights'],
    params: GroupParamsSchema,
    query: tenantOnly,
    response: FeedbackSchema.nullable(),
  }),
  postGroupFeedback: defineRoute({
    method: 'POST',
    path: '/v1/insights/groups/:group_id/feedback',
    access: 'tenant',
    summary: 'Tell whether a group helped, or comment on it',
    tags: ['insights'],
    params: GroupParamsSchema,
    query: tenantOnly,
    body: FeedbackBodySchema,
    response: FeedbackSchema,
  }),
} as const;
