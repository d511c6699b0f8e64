import { z } from 'zod';
import { SeriesPointSchema } from './insights';
import { defineRoute } from './route';
import { SeriesScheduleSchema } from './series';
import { TenantQuerySchema } from './tenants';

// The data explorer (spec 1 §2 Data explorer, §3 Data explorer response, §7 data-explorers/generate-url,
// §8): /explorer embeds Tidemark's own explorer page at a signed, expiring URL scoped to the workspace and
// the applied global filter. The page then asks its questions with that URL's token (header below): every
// query is built on the server from the stored metric and dimension definitions, never from SQL text.

/** The header the explorer page sends its token in (never the query string: URLs end up in logs). */
export const EXPLORER_TOKEN_HEADER = 'x-explorer-token';

/** How long a generated explorer URL works; /explorer hands the page a fresh one before it runs out. */
export const EXPLORER_URL_TTL_SECONDS = 3600;
/** How often /explorer asks for a fresh URL (and passes its token to the page it embeds). */
export const EXPLORER_URL_REFRESH_MS = 45 * 60 * 1000;

export const EXPLORER_MAX_METRICS = 5;
export const EXPLORER_MAX_SPLITS = 2;
export const EXPLORER_MAX_FILTERS = 5;
export const EXPLORER_MAX_FILTER_VALUES = 50;
/** Buckets one line may hold; a finer grain over a longer range is drawn at the next coarser grain. */
export const EXPLORER_MAX_BUCKETS = 1500;
/** Lines one answer may hold (metrics × split values); the largest are kept. */
export const EXPLORER_MAX_SERIES = 24;
/** The last guard on a warehouse query: PostgreSQL cancels it past this. */
export const EXPLORER_STATEMENT_TIMEOUT_MS = 8000;
export const EXPLORER_VIEW_NAME_MAX = 80;

export const EXPLORER_MESSAGES = {
  /** Spec 1 §8: the generate-url lookup answered 404. */
  noDataCubes: 'No Data Cubes configured',
  noDataCubesHint: 'Connect a data source and configure its metrics: the explorer then reads them here.',
  linkMissing: 'This explorer page needs a link from the Explorer tab.',
  linkInvalid: 'This explorer link is not valid. Open the Explorer again from the app.',
  linkExpired: 'This explorer link has expired. Open the Explorer again from the app.',
  linkSignedOut: 'This explorer link ended when its session signed out. Sign in and open the Explorer again.',
  linkKeyRevoked: 'The API key this explorer link was made with has been revoked.',
  readOnlyLink:
    'This explorer link was made with an API key: it reads data, but cannot save or delete explorations.',
  operatorLink: "Operators view a customer's explorations but cannot save or delete them.",
  outOfScope: (dimension: string, value: string) => `This explorer link only reads ${dimension}: ${value}.`,
  pickMetric: 'Pick at least one metric to explore.',
  pickMetricHint: 'Choose metrics on the left; then a grain, a date range and, if you like, a split.',
  unknownMetric: 'One of the chosen metrics does not exist in this workspace any more.',
  unknownDimension: (name: string) => `'${name}' is not a dimension of this workspace.`,
  notOnMetric: (dimension: string, metric: string) =>
    `${metric} cannot be split or filtered by ${dimension}: its table has no such column.`,
  hourlyOnDates: (metric: string) => `${metric} is dated by day, so it is shown by day.`,
  badRange: 'The end of the range must come after its start.',
  downsampled: (count: number, from: string, to: string) =>
    `${count.toLocaleString('en-US')} ${from} points are too many to draw at once: shown ${to} instead.`,
  tooManySeries: (shown: number, total: number) =>
    `Showing the ${shown} largest of ${total} lines: filter values or split by fewer dimensions to see the rest.`,
  bandUnavailable:
    'The expected band is drawn for a metric overall or split by one dimension, without other filters.',
  noBandYet: 'No expected band yet: it appears once the analysis has run on this grain.',
  tooSlow:
    'This question takes too long to answer. Pick a shorter range, a coarser grain or fewer splits and filters.',
  viewNotFound: 'This saved exploration does not exist in this workspace.',
  viewNameRequired: 'Please give the exploration a name.',
  viewSaved: 'Exploration saved. Its link is copied.',
  viewSaveFailed: 'The exploration could not be saved.',
  viewDeleted: 'Exploration deleted.',
  linkCopied: 'Link copied!',
  exportFailed: 'The export could not be built.',
  empty: 'No data in this range.',
  emptyHint: 'Try a longer range or remove a filter.',
} as const;

const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/; // eslint-disable-line no-control-regex
const IdSchema = z.string().regex(/^\d{1,18}$/, 'must be an id');
const DimensionNameSchema = z.string().min(1).max(200).regex(NO_CONTROL);
const DimensionValueSchema = z.string().max(500).regex(NO_CONTROL);
const LocalDateSchema = z.iso.date();

export const EXPLORER_RANGE_PRESETS = [
  'last_7_days',
  'last_30_days',
  'last_90_days',
  'last_quarter',
  'quarter_to_date',
  'last_12_months',
  'custom',
] as const;
export const ExplorerRangePresetSchema = z.enum(EXPLORER_RANGE_PRESETS);
export type ExplorerRangePreset = z.infer<typeof ExplorerRangePresetSchema>;

/** Presets are resolved on the workspace's clock when the query runs, so a saved view keeps moving. */
export const ExplorerRangeSchema = z.object({
  preset: ExplorerRangePresetSchema,
  /** Local dates (the workspace's time zone), both included; only with `custom`. */
  start: LocalDateSchema.optional(),
  end: LocalDateSchema.optional(),
});
export type ExplorerRange = z.infer<typeof ExplorerRangeSchema>;

export const EXPLORER_COMPARISONS = ['none', 'previous_period', 'previous_year'] as const;
export const ExplorerComparisonSchema = z.enum(EXPLORER_COMPARISONS);
export type ExplorerComparison = z.infer<typeof ExplorerComparisonSchema>;

export const EXPLORER_CHARTS = ['line', 'bar', 'table'] as const;
export const ExplorerChartSchema = z.enum(EXPLORER_CHARTS);
export type ExplorerChart = z.infer<typeof ExplorerChartSchema>;

export const ExplorerFilterSchema = z.object({
  dim_name: DimensionNameSchema,
  values: z.array(DimensionValueSchema).min(1).max(EXPLORER_MAX_FILTER_VALUES),
});
export type ExplorerFilter = z.infer<typeof ExplorerFilterSchema>;

/** What the explorer page shows: the query and how it is drawn. A saved exploration stores exactly this. */
export const ExplorerStateSchema = z.object({
  metrics: z.array(IdSchema).max(EXPLORER_MAX_METRICS),
  grain: SeriesScheduleSchema,
  range: ExplorerRangeSchema,
  split_by: z.array(DimensionNameSchema).max(EXPLORER_MAX_SPLITS),
  filters: z.array(ExplorerFilterSchema).max(EXPLORER_MAX_FILTERS),
  compare: ExplorerComparisonSchema,
  band: z.boolean(),
  chart: ExplorerChartSchema,
});
export type ExplorerState = z.infer<typeof ExplorerStateSchema>;

export const DEFAULT_EXPLORER_STATE: ExplorerState = {
  metrics: [],
  grain: 'd',
  range: { preset: 'last_30_days' },
  split_by: [],
  filters: [],
  compare: 'none',
  band: true,
  chart: 'line',
};

export const ExplorerQueryBodySchema = ExplorerStateSchema.omit({ chart: true });
export type ExplorerQueryBody = z.infer<typeof ExplorerQueryBodySchema>;

export const ExplorerSplitSchema = z.object({
  dim_name: z.string(),
  dim_display_name: z.string(),
  dim_val: z.string(),
});

export const ExplorerComparisonPointSchema = z.object({
  /** The bucket of the main range this value is drawn under. */
  timestamp: z.string(),
  /** The bucket it was read from, one period or a year earlier. */
  compared_timestamp: z.string(),
  y: z.number().nullable(),
});

export const ExplorerSeriesSchema = z.object({
  key: z.string(),
  label: z.string(),
  kpi_id: z.string(),
  kpi_display_name: z.string(),
  kpi_format: z.enum(['number', 'percentage']),
  split: z.array(ExplorerSplitSchema),
  /** Spec 3 §3 series points: the value and, where a pipeline has run, its expected band. */
  points: z.array(SeriesPointSchema),
  comparison: z.array(ExplorerComparisonPointSchema).nullable(),
});
export type ExplorerSeries = z.infer<typeof ExplorerSeriesSchema>;

export const ExplorerQueryResponseSchema = z.object({
  grain: SeriesScheduleSchema,
  requested_grain: SeriesScheduleSchema,
  /** The range as run: bucket-aligned, start included, end excluded, in UTC ISO text. */
  start: z.string(),
  end: z.string(),
  comparison_start: z.string().nullable(),
  comparison_end: z.string().nullable(),
  timezone: z.string(),
  /** Where the numbers came from: the stored series, or the warehouse tables for splits the store lacks. */
  source: z.enum(['series', 'warehouse']),
  band_available: z.boolean(),
  notices: z.array(z.string()),
  series: z.array(ExplorerSeriesSchema),
  omitted_series: z.number().int(),
});
export type ExplorerQueryResponse = z.infer<typeof ExplorerQueryResponseSchema>;

export const ExplorerCatalogSchema = z.object({
  workspace: z.object({
    display_name: z.string(),
    timezone: z.string(),
    currency_symbol: z.string(),
    is_demo: z.boolean(),
  }),
  /** The global filter the URL is pinned to: every answer is read for this value only. */
  scope: ExplorerSplitSchema.nullable(),
  /** A link made with an API key reads only: the page offers no saving or deleting of explorations. */
  read_only: z.boolean(),
  expires_at: z.string(),
  metrics: z.array(
    z.object({
      kpi_id: z.string(),
      kpi_display_name: z.string(),
      kpi_format: z.enum(['number', 'percentage']),
      /** The dimensions its table has: what it can be split and filtered by. */
      dimensions: z.array(z.string()),
      grains: z.array(SeriesScheduleSchema),
    }),
  ),
  dimensions: z.array(z.object({ name: z.string(), display_name: z.string(), values: z.array(z.string()) })),
  /** The first and last bucket of stored data (daily grain), to bound the date pickers. */
  data_start: z.string().nullable(),
  data_end: z.string().nullable(),
});
export type ExplorerCatalog = z.infer<typeof ExplorerCatalogSchema>;

export const ExplorerViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    state: ExplorerStateSchema,
    created_by: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ExplorerView' });
export type ExplorerView = z.infer<typeof ExplorerViewSchema>;

export const CreateExplorerViewBodySchema = z.object({
  name: z
    .string({ error: EXPLORER_MESSAGES.viewNameRequired })
    .trim()
    .min(1, EXPLORER_MESSAGES.viewNameRequired)
    .max(EXPLORER_VIEW_NAME_MAX)
    .regex(NO_CONTROL),
  state: ExplorerStateSchema,
});
export type CreateExplorerViewBody = z.infer<typeof CreateExplorerViewBodySchema>;

export const ExplorerViewParamsSchema = z.object({ id: IdSchema });

export const GenerateExplorerUrlQuerySchema = TenantQuerySchema.extend({
  dim_name: DimensionNameSchema.optional(),
  dim_val: DimensionValueSchema.optional(),
});

/** Spec 1 §3 Data explorer response. */
export const DataExplorerResponseSchema = z.object({ data_explorer_url: z.string() });
export type DataExplorerResponse = z.infer<typeof DataExplorerResponseSchema>;

export const explorerRoutes = {
  generateExplorerUrl: defineRoute({
    method: 'GET',
    path: '/v1/data-explorers/generate-url',
    access: 'tenant',
    summary:
      "A signed, expiring URL of the workspace's explorer page, pinned to the applied global filter (404: no metrics yet)",
    tags: ['explorer'],
    query: GenerateExplorerUrlQuerySchema,
    response: DataExplorerResponseSchema,
  }),
  explorerCatalog: defineRoute({
    method: 'GET',
    path: '/v1/explorer/catalog',
    access: 'public',
    summary: 'What an explorer URL may read: metrics, dimensions and their values (explorer token)',
    tags: ['explorer'],
    response: ExplorerCatalogSchema,
  }),
  explorerQuery: defineRoute({
    method: 'POST',
    path: '/v1/explorer/query',
    access: 'public',
    summary: 'Metrics by grain over a range, split and filtered by dimensions (explorer token)',
    tags: ['explorer'],
    body: ExplorerQueryBodySchema,
    response: ExplorerQueryResponseSchema,
  }),
  listExplorerViews: defineRoute({
    method: 'GET',
    path: '/v1/explorer/views',
    access: 'public',
    summary: "The workspace's saved explorations (explorer token)",
    tags: ['explorer'],
    response: z.object({ views: z.array(ExplorerViewSchema) }),
  }),
  createExplorerView: defineRoute({
    method: 'POST',
    path: '/v1/explorer/views',
    access: 'public',
    summary: 'Save an exploration under a name (explorer token)',
    tags: ['explorer'],
    body: CreateExplorerViewBodySchema,
    response: z.object({ view: ExplorerViewSchema }),
  }),
  getExplorerView: defineRoute({
    method: 'GET',
    path: '/v1/explorer/views/:id',
    access: 'public',
    summary: 'One saved exploration of the workspace (explorer token)',
    tags: ['explorer'],
    params: ExplorerViewParamsSchema,
    response: z.object({ view: ExplorerViewSchema }),
  }),
  deleteExplorerView: defineRoute({
    method: 'DELETE',
    path: '/v1/explorer/views/:id',
    access: 'public',
    summary: 'Delete a saved exploration (explorer token)',
    tags: ['explorer'],
    params: ExplorerViewParamsSchema,
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
} as const;
