import { z } from 'zod';
import { DatasourceIdSchema } from './connections';
import {
  AccentSchema,
  CurrencyCodeSchema,
  KpiCurrencySchema,
  KpiFormatSchema,
  MetricImpactSchema,
  PipelineScheduleSchema,
} from './insights';
import { defineRoute } from './route';
import { EVENT_DIMENSION_IDS } from './events';
import { currencyByCode } from './stores';
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

/** The symbol a money metric's values are shown with: its currency's (`EUR` → '€'), an unlisted code as itself. */
export function currencySymbolOf(code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  return currencyByCode(code)?.symbol ?? `${code} `;
}

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
  /** How values read; absent: guessed from the name and formula (percent or number). */
  kpi_format: KpiFormatSchema.optional(),
  /** A money metric's currency; absent or null: the workspace's. Ignored unless kpi_format is 'currency'. */
  currency: CurrencyCodeSchema.nullable().optional(),
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
/** A metric-store dimension's numeric id, or one of the site events' dimensions (ev_browser, …). */
export const DimensionParamsSchema = z.object({
  id: z.union([
    z.enum(EVENT_DIMENSION_IDS),
    z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 53),
  ]),
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
    kpi_currency: KpiCurrencySchema,
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
  needsNumber: (operation: string, column: string, type: string) =>
    `${operation} needs a number column, but '${column}' is ${type}. Choose Count or Count of rows instead.`,
  formulaNotNumber: (type: string) => `A metric must give a number, but this formula gives ${type}.`,
} as const;

export const MetricOptionSchema = z.object({ id: z.string(), name: z.string() });
export type MetricOption = z.infer<typeof MetricOptionSchema>;

/** Spec 3 §3, Metric (detail). */
export const MetricDetailSchema = z
  .object({
    kpi_id: z.string(),
    kpi_display_name: z.string(),
    kpi_definition: z.string().nullable(),
    description: z.string().nullable(),
    funnel: MetricOptionSchema.nullable(),
    category: MetricOptionSchema.nullable(),
    tier: z.number().int().min(1).max(3),
    impact_to_topline: z.number().nullable(),
    dollar_impact: z.number().nullable(),
    accent: AccentSchema,
    is_derived: z.boolean(),
    is_active: z.boolean(),
    aggregation_operation: AggregationSchema,
    kpi_format: KpiFormatSchema,
    kpi_currency: KpiCurrencySchema,
    extraction_funnel_expression: z.string().nullable(),
    extraction_funnel_aggregation_operation: z.string().nullable(),
    last_active_pipeline_schedule: PipelineScheduleSchema.nullable(),
    tenant_id: z.number().int(),
    /** Watched for experience events (spec 2 §1); conversion, add-to-cart and checkout metrics are by name. */
    is_experience: z.boolean().optional(),
  })
  .meta({ id: 'Metric' });
export type MetricDetail = z.infer<typeof MetricDetailSchema>;

/**
 * Metrics watched for experience events by their name alone (spec 2 §1: conversion rate, add-to-cart rate,
 * checkout completion), matched case-insensitively; any other metric is watched when marked is_experience.
 * A regular expression both JavaScript and PostgreSQL (`~*`) read alike.
 */
export const EXPERIENCE_METRIC_NAME_PATTERN = 'conversion|add[ -]?to[ -]?carts?|checkout';

export const MetricParamsSchema = z.object({ kpi_id: z.string().regex(/^\d{1,18}$/, 'must be a metric id') });

/** An option set by id (an existing one) or by name (a new one); null clears it. */
const OptionInputSchema = z
  .object({
    id: z
      .string()
      .regex(/^\d{1,18}$/)
      .nullable()
      .optional(),
    name: z.string().trim().min(1).max(120),
  })
  .nullable();

/** Spec 3 §5: only the changed attributes; is_active and the aggregation are read-only here. */
export const MetricUpdateSchema = z
  .object({
    kpi_display_name: z.string().trim().min(1).max(120).optional(),
    kpi_definition: z.string().trim().max(2000).nullable().optional(),
    description: z.string().trim().max(2000).nullable().optional(),
    funnel: OptionInputSchema.optional(),
    category: OptionInputSchema.optional(),
    tier: z.coerce.number().int().min(1).max(3).optional(),
    impact_to_topline: z.number().min(0).max(1).nullable().optional(),
    dollar_impact: z.number().min(0).max(1e15).nullable().optional(),
    accent: AccentSchema.optional(),
    is_derived: z.boolean().optional(),
    is_experience: z.boolean().optional(),
    kpi_format: KpiFormatSchema.optional(),
    /** A money metric's own currency; null: the workspace's. */
    currency: CurrencyCodeSchema.nullable().optional(),
  })
  .strict();
export type MetricUpdate = z.infer<typeof MetricUpdateSchema>;

export const MetricOptionsResponseSchema = z.object({
  funnels: z.array(MetricOptionSchema),
  categories: z.array(MetricOptionSchema),
});

export const METRIC_FILTER_COLUMNS = [
  'kpi_display_name',
  'category_name',
  'funnel_name',
  'tier',
  'accent',
] as const;
export const MetricFiltersQuerySchema = TenantQuerySchema.extend({
  name: z.enum(METRIC_FILTER_COLUMNS).default('kpi_display_name'),
});
export const MetricFiltersResponseSchema = z.object({ values: z.array(z.string()) });

export const MetricImpactQuerySchema = TenantQuerySchema.extend({
  /** Default: the seven days before timestamp_end, which defaults to now. */
  timestamp_start: z.iso.datetime({ offset: true }).optional(),
  timestamp_end: z.iso.datetime({ offset: true }).optional(),
  pipeline_schedule: z.enum(['h', 'd', 'w', 'm']).default('d'),
  dim_name: z.string().max(200).optional(),
  dim_val: z.string().max(500).optional(),
  impact_type: z.enum(['absolute', 'relative']).default('relative'),
});

export const METRIC_EDIT_MESSAGES = {
  updated: 'Metric attributes are updated successfully.',
  failed: 'There was a technical issue while saving, please contact system administrator.',
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
  metricOptions: defineRoute({
    method: 'GET',
    path: '/v1/metrics_hub/metrics/options',
    access: 'tenant',
    summary: 'The funnels and categories metrics can be filed under',
    tags: ['metrics'],
    query: TenantQuerySchema,
    response: MetricOptionsResponseSchema,
  }),
  metricFilters: defineRoute({
    method: 'GET',
    path: '/v1/metrics_hub/metrics/filters',
    access: 'tenant',
    summary: 'The values of one column of the metrics list, for its filter',
    tags: ['metrics'],
    query: MetricFiltersQuerySchema,
    response: MetricFiltersResponseSchema,
  }),
  getMetric: defineRoute({
    method: 'GET',
    path: '/v1/metrics_hub/metrics/:kpi_id',
    access: 'tenant',
    summary: 'One metric',
    tags: ['metrics'],
    params: MetricParamsSchema,
    query: TenantQuerySchema,
    response: MetricDetailSchema,
  }),
  updateMetric: defineRoute({
    method: 'PUT',
    path: '/v1/metrics_hub/metrics/:kpi_id',
    access: 'tenant',
    summary: "Change a metric's attributes (only those sent)",
    tags: ['metrics'],
    params: MetricParamsSchema,
    query: TenantQuerySchema,
    body: MetricUpdateSchema,
    response: z.object({ success: z.boolean(), message: z.string(), metric: MetricDetailSchema }),
  }),
  metricImpact: defineRoute({
    method: 'GET',
    path: '/v1/metrics_hub/metrics/:kpi_id/impact',
    access: 'tenant',
    summary: "A metric's movement over a window against the window before it",
    tags: ['metrics'],
    params: MetricParamsSchema,
    query: MetricImpactQuerySchema,
    response: MetricImpactSchema,
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
