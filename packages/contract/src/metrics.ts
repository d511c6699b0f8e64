import { z } from 'zod';
import { DatasourceIdSchema } from './connections';
import { AccentSchema, KpiFormatSchema, PipelineScheduleSchema } from './insights';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

// Metrics and dimensions (spec 1 §3 Metric onboarding payload, Pipeline preference, Dimension; spec 3 §3
// Metric list row) and the stored series of every metric.

export const AGGREGATIONS = [
  'sum',
  'avg',
  'count',
  'min',
  'max',
  'stddev_samp',
  'var_samp',
  'formula',
] as const;
export const AggregationSchema = z.enum(AGGREGATIONS);
export type Aggregation = z.infer<typeof AggregationSchema>;
export const FIELD_TYPES = ['metric', 'dimension'] as const;
export const CONFIGURE_INITIAL_ROWS = 10;
export const CONFIGURE_MIN_ROWS = 2;
export const FORMULA_MAX_LENGTH = 2000;
/** Series keep the 20 values of a dimension with the most rows; the rest are summed as 'Other'. */
export const TOP_DIMENSION_VALUES = 20;
export const OTHER_DIMENSION_VALUE = 'Other';

/** Spec 1 §4, set preferences: shown, not changeable yet. */
export const PIPELINE_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export const INITIAL_SYNC_DURATIONS = ['1 Year', '1 Month', '6 Months', '3 Months'] as const;
export const DEFAULT_INITIAL_SYNC_DURATION = '1 Year';

const identifier = z.string().trim().min(1).max(63);

/** An aggregation: an operation on the field, or a formula (spec 1 §3, Metric onboarding payload item). */
export const OnboardAggregationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('operation'), value: AggregationSchema.exclude(['formula']) }),
  z.object({ type: z.literal('formula'), value: z.string().trim().min(1).max(FORMULA_MAX_LENGTH) }),
]);
export type OnboardAggregation = z.infer<typeof OnboardAggregationSchema>;

export const MetricOnboardItemSchema = z.object({
  source_table_name: z.string().min(1).max(255),
  destination_table_name: identifier,
  field_name: identifier,
  display_name: z.string().trim().min(1, 'Every row needs a display name').max(120),
  /** The objective: positive when up is good. */
  accent: AccentSchema.default('positive'),
  aggregation: OnboardAggregationSchema,
});
export type MetricOnboardItem = z.infer<typeof MetricOnboardItemSchema>;

export const DimensionOnboardItemSchema = z.object({
  source_table_name: z.string().min(1).max(255),
  destination_table_name: identifier,
  field_name: identifier,
  display_name: z.string().trim().min(1, 'Every row needs a display name').max(120),
  accent: AccentSchema.optional(),
  aggregation: OnboardAggregationSchema.optional(),
});
export type DimensionOnboardItem = z.infer<typeof DimensionOnboardItemSchema>;

export const OnboardBodySchema = z.object({
  metrics: z.array(MetricOnboardItemSchema).min(1, 'Add at least one metric').max(200),
  dimensions: z.array(DimensionOnboardItemSchema).max(100).default([]),
  datasource_id: DatasourceIdSchema,
  tenant_id: z.number().int().positive().optional(),
});
export type OnboardBody = z.infer<typeof OnboardBodySchema>;
export const OnboardResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  kpi_ids: z.array(z.string()),
});

export const ReplicateBodySchema = z.object({
  from_tenant_id: z.number().int().positive(),
  to_tenant_id: z.number().int().positive(),
  datasource_id: DatasourceIdSchema,
});

export const PipelinePreferenceBodySchema = z.object({
  preference_value: z.object({
    date_column: identifier,
    /** Which of the data source's tables the column belongs to; needed only when it has several. */
    destination_table_name: identifier.optional(),
  }),
  datasource_id: DatasourceIdSchema.optional(),
});
export type PipelinePreferenceBody = z.infer<typeof PipelinePreferenceBodySchema>;

export const DimensionSchema = z
  .object({ id: z.number().int(), name: z.string(), display_name: z.string() })
  .meta({ id: 'Dimension' });
export type Dimension = z.infer<typeof DimensionSchema>;
export const DimensionsResponseSchema = z.object({ data: z.array(DimensionSchema) });
export const DimensionParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
export const DimensionValuesResponseSchema = z.object({ data: z.array(z.string()) });

export const PipelineRunSchema = z.object({
  frequency: PipelineScheduleSchema,
  status: z.enum(['success', 'failure', 'disabled']),
  is_active: z.boolean(),
  last_run: z.string().nullable(),
});
export const MetricStatusSchema = z.object({
  pipeline_runs: z.array(PipelineRunSchema),
  last_insight_ts: z.string().nullable(),
  last_insight_id: z.string().nullable(),
  /** Why no insight can come yet, e.g. 'not enough history'; null when none applies. */
  reason: z.string().nullable(),
});

export const MetricListRowSchema = z
  .object({
    kpi_id: z.string(),
    kpi_display_name: z.string(),
    category_name: z.string().nullable(),
    funnel_name: z.string().nullable(),
    tier: z.number().int().min(1).max(3),
    impact_to_topline: z.number().nullable(),
    accent: AccentSchema,
    is_active: z.boolean(),
    aggregation_operation: AggregationSchema,
    kpi_format: KpiFormatSchema,
    status: MetricStatusSchema,
  })
  .meta({ id: 'MetricListRow' });
export type MetricListRow = z.infer<typeof MetricListRowSchema>;

export const METRIC_SORTS = [
  'kpi_display_name',
  'category_name',
  'funnel_name',
  'tier',
  'impact_to_topline',
  'accent',
  'created_at',
] as const;
export const MetricsQuerySchema = TenantQuerySchema.extend({
  page_num: z.coerce.number().int().min(1).max(100_000).default(1),
  count: z.coerce.number().int().min(1).max(500).default(10),
  sort_by: z.enum(METRIC_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  is_active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(true),
  dim_name: z.string().max(200).optional(),
  dim_val: z.string().max(500).optional(),
  kpi_display_name: z.string().max(200).optional(),
  category_name: z.string().max(200).optional(),
  funnel_name: z.string().max(200).optional(),
  tier: z.coerce.number().int().min(1).max(3).optional(),
  accent: AccentSchema.optional(),
});
export const MetricsResponseSchema = z.object({
  rows: z.array(MetricListRowSchema),
  count: z.number().int(),
});

export const METRIC_MESSAGES = {
  onboarded: 'Your metrics are configured.',
  pipelineSaved: 'The time series column is saved.',
  dateColumnRequired: 'Choose the column that dates each row.',
  notDateColumn: (column: string) =>
    `'${column}' is not a date or time column. Choose a column that dates each row.`,
  mostlyEmptyDate: (column: string, share: string) =>
    `${share} of rows have no value in '${column}'; they are left out of the time series.`,
  unknownColumn: (column: string, table: string) => `Unknown field '${column}' in ${table}.`,
  allMetrics: 'Keep at least one dimension: not every row can be a metric.',
} as const;

export const metricsRoutes = {
  onboardMetrics: defineRoute({
    method: 'POST',
    path: '/v1/metrics_hub/onboard',
    access: 'tenant',
    summary: "Turn a data source's columns into metrics and dimensions",
    tags: ['metrics'],
    query: TenantQuerySchema,
    body: OnboardBodySchema,
    response: OnboardResponseSchema,
  }),
  replicateMetrics: defineRoute({
    method: 'POST',
    path: '/v1/metrics_hub/onboard/replicate',
    access: 'tenant',
    summary: "Copy a template workspace's metric setup onto a data source with the same columns",
    tags: ['metrics'],
    query: TenantQuerySchema,
    body: ReplicateBodySchema,
    response: OnboardResponseSchema,
  }),
  setPipelinePreference: defineRoute({
    method: 'PATCH',
    path: '/v1/preferences/pipelines',
    access: 'tenant',
    summary: 'Set the column that dates each row (the time series)',
    tags: ['metrics'],
    query: TenantQuerySchema,
    body: PipelinePreferenceBodySchema,
    response: z.object({ success: z.boolean(), message: z.string(), warnings: z.array(z.string()) }),
  }),
  listMetrics: defineRoute({
    method: 'GET',
    path: '/v1/metrics_hub/metrics',
    access: 'tenant',
    summary: "The workspace's metrics, paged, sorted and filtered",
    tags: ['metrics'],
    query: MetricsQuerySchema,
    response: MetricsResponseSchema,
  }),
  listDimensions: defineRoute({
    method: 'GET',
    path: '/v1/metrics_hub/dimensions',
    access: 'tenant',
    summary: "The workspace's dimensions",
    tags: ['metrics'],
    query: TenantQuerySchema,
    response: DimensionsResponseSchema,
  }),
  dimensionValues: defineRoute({
    method: 'GET',
    path: '/v1/metrics_hub/dimensions/:id/values',
    access: 'tenant',
    summary: "A dimension's values (the 20 with the most rows, then 'Other')",
    tags: ['metrics'],
    params: DimensionParamsSchema,
    query: TenantQuerySchema,
    response: DimensionValuesResponseSchema,
  }),
} as const;
