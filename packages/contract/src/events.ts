import { z } from 'zod';
import { defineRoute } from './route';
import { OutageLinkSchema } from './outages';
import { TenantQuerySchema } from './tenants';

// Site events (spec 2 §1, §3; issue 11 parts 1–2): what the collector sends to /v1/collect and the ingest's limits.
// The payload itself is documented in packages/collector/README.md (version 1).

export const COLLECT_PAYLOAD_VERSION = 1;
/** Largest beacon body the ingest reads; browsers cap a beacon at 64 KB. */
export const COLLECT_BODY_LIMIT_BYTES = 65_536;
/** Most events one request may carry. */
export const COLLECT_MAX_EVENTS = 200;
/** Stored lengths: longer values are truncated, never refused. */
export const COLLECT_FIELD_LIMITS = { message: 1000, stack: 4000, url: 1000, name: 100 } as const;
/** Spec 1 §3 EVENTS_SAMPLING_PREFERENCE: 10% of each error type when nothing is set. */
export const EVENTS_SAMPLING_DEFAULT = 0.1;
/** Raw events are kept this many days by default (EVENTS_RETENTION_DAYS); the hourly rollups stay. */
export const EVENTS_RETENTION_DAYS_DEFAULT = 30;

/** Spec 2 §9: browser-type error sub types. */
export const BROWSER_ERROR_SUB_TYPES = ['js', 'beacon', 'network', 'asset'] as const;
export type BrowserErrorSubType = (typeof BROWSER_ERROR_SUB_TYPES)[number];
export type SiteEventKind = 'pageview' | 'error' | 'conversion';

/**
 * The inline part of the install snippet: queues `tidemark(...)` calls, and errors (with failed assets) that
 * happen while collector.js is still loading, for the collector to take over.
 */
export const COLLECTOR_STUB =
  'window.tidemark||(window.tidemark=function(){(tidemark.q=tidemark.q||[]).push(arguments)},tidemark.e=[],' +
  "addEventListener('error',function(e){tidemark.e&&tidemark.e.push(e)},!0)," +
  "addEventListener('unhandledrejection',function(e){tidemark.e&&tidemark.e.push(e)}))";

/** The install snippet the settings show, with the workspace's public site key. */
export const collectorSnippet = (collectorUrl: string, siteKey: string): string =>
  `<script>${COLLECTOR_STUB}</script>\n<script async src="${collectorUrl}" data-key="${siteKey}"></script>`;

export const COLLECT_MESSAGES = {
  unknownKey: 'It looks like there is no data for this site key.',
  malformed: 'The events payload is not valid.',
  tooLarge: `The events payload is larger than ${COLLECT_BODY_LIMIT_BYTES} bytes.`,
  tooMany: 'Too many events were sent; try again in a minute.',
  version: `Only version ${COLLECT_PAYLOAD_VERSION} of the events payload is accepted.`,
  otherSite: "This site is not among the workspace's allowed domains: its events were dropped.",
} as const;

/** At most this many allowed domains per workspace (the store's own is counted apart). */
export const COLLECTOR_DOMAINS_MAX = 50;
/** The dropped-beacon count shown in the settings covers this many days. */
export const COLLECTOR_DROPS_DAYS = 7;

export const COLLECTOR_DOMAIN_MESSAGES = {
  invalid: 'Enter a domain such as shop.example.com (subdomains are included).',
  tooMany: `A workspace can allow up to ${COLLECTOR_DOMAINS_MAX} domains.`,
  notFound: 'That domain is not in the list of allowed domains.',
  fromStore: "Your store URL's domain is always allowed: change the store URL in the workspace settings.",
} as const;

/**
 * Where a workspace's collector beacons may come from: the store URL's domain (always, without its
 * `www.`), plus the listed domains; a domain includes its subdomains. With neither, every site is accepted.
 */
export const CollectorDomainsSchema = z.object({
  store_domain: z.string().nullable(),
  domains: z.array(z.object({ domain: z.string(), created_at: z.string() })),
  /** No store URL and no list: beacons from any site are kept. */
  accepts_all: z.boolean(),
  /** Beacons dropped because their page was on another site, over the last COLLECTOR_DROPS_DAYS days. */
  dropped_recently: z.number().int(),
});
export type CollectorDomains = z.infer<typeof CollectorDomainsSchema>;

export const CollectorDomainBodySchema = z.object({
  domain: z
    .string()
    .trim()
    .min(1, COLLECTOR_DOMAIN_MESSAGES.invalid)
    .max(300, COLLECTOR_DOMAIN_MESSAGES.invalid),
});
export const CollectorDomainParamsSchema = z.object({ domain: z.string().min(1).max(300) });

/** A site key is public: it names the workspace a page reports to, and grants nothing else. */
export const SiteKeySchema = z.string().regex(/^[a-z0-9]{8,64}$/);

export const CollectQuerySchema = z.object({ key: z.string().max(200) });

export const CollectAcceptedSchema = z.object({
  success: z.literal(true),
  accepted: z.number().int(),
  dropped: z.number().int(),
});

/** Rates per collector error type (js, net, ast, bcn), fractions 0–1, from the workspace's sampling preference. */
export const CollectConfigSchema = z.object({
  v: z.literal(COLLECT_PAYLOAD_VERSION),
  s: z.object({ js: z.number(), net: z.number(), ast: z.number(), bcn: z.number() }),
});
export type CollectConfig = z.infer<typeof CollectConfigSchema>;

export const SiteKeyResponseSchema = z.object({
  site_key: z.string(),
  collector_url: z.string(),
  snippet: z.string(),
});

export const eventsRoutes = {
  collect: defineRoute({
    method: 'POST',
    path: '/v1/collect',
    access: 'public',
    summary: 'Receive a batch of site events from the collector (text/plain JSON, answered 202)',
    tags: ['events'],
    query: CollectQuerySchema,
  }),
  collectConfig: defineRoute({
    method: 'GET',
    path: '/v1/collect/config',
    access: 'public',
    summary: "The collector's sampling rates for a site key",
    tags: ['events'],
    query: CollectQuerySchema,
    response: CollectConfigSchema,
  }),
  siteKey: defineRoute({
    method: 'GET',
    path: '/v1/events/site_key',
    access: 'tenant',
    summary: "The workspace's public site key and its install snippet",
    tags: ['events'],
    query: TenantQuerySchema,
    response: SiteKeyResponseSchema,
  }),
  collectorDomains: defineRoute({
    method: 'GET',
    path: '/v1/events/allowed_domains',
    access: 'tenant',
    summary: "The sites the workspace's collector accepts beacons from, and how many others were dropped",
    tags: ['events'],
    query: TenantQuerySchema,
    response: CollectorDomainsSchema,
  }),
  addCollectorDomain: defineRoute({
    method: 'POST',
    path: '/v1/events/allowed_domains',
    access: 'tenant',
    summary: 'Allow the collector to accept beacons from a domain and its subdomains',
    tags: ['events'],
    query: TenantQuerySchema,
    body: CollectorDomainBodySchema,
    response: CollectorDomainsSchema,
  }),
  removeCollectorDomain: defineRoute({
    method: 'DELETE',
    path: '/v1/events/allowed_domains/:domain',
    access: 'tenant',
    summary: 'Stop accepting beacons from a listed domain',
    tags: ['events'],
    params: CollectorDomainParamsSchema,
    query: TenantQuerySchema,
    response: CollectorDomainsSchema,
  }),
} as const;

// ---- Event groups and the events API (spec 2 §3, §7; issue 11 parts 3–5) ----

export const EVENT_TYPES = ['outage', 'error'] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;
/** The spec names no sub type for outages; outage groups carry 'outage' (issue 12). */
export const EVENT_SUB_TYPES = ['experience', 'js', 'beacon', 'network', 'asset', 'cdp', 'outage'] as const;
export const EventSubTypeSchema = z.enum(EVENT_SUB_TYPES);
export type EventSubType = z.infer<typeof EventSubTypeSchema>;
export const EVENT_GROUP_STATUSES = ['Active', 'Closed'] as const;
export const EventGroupStatusSchema = z.enum(EVENT_GROUP_STATUSES);
export type EventGroupStatus = z.infer<typeof EventGroupStatusSchema>;
/** Statuses that have an end of event (spec 2 §2.3 "closed-type list"). */
export const EVENT_CLOSED_STATUSES = ['Closed'] as const;
export const EVENT_SEVERITIES = ['High', 'Medium', 'Low'] as const;
export const EventSeveritySchema = z.enum(EVENT_SEVERITIES);
export type EventSeverity = z.infer<typeof EventSeveritySchema>;

/** Event groups per feed page. */
export const EVENT_GROUPS_PAGE_SIZE = 10;
/** Log rows returned with one group (newest first). */
export const EVENT_LOG_ROWS_MAX = 50;
/** Spec 2 §9: impact charts show the top 5 items plus Others when there are more than 6. */
export const EVENT_IMPACT_TOP_ITEMS = 5;
/** A group without errors for this long is Closed. */
export const EVENT_GROUP_QUIET_MINUTES = 120;
/** Below this many affected sessions the dollar impact is not shown. */
export const EVENT_IMPACT_MIN_SESSIONS = 30;
/** A new fingerprint becomes a group once this many distinct sessions hit it. */
export const EVENT_NEW_GROUP_MIN_SESSIONS = 5;
/** Significance level of the browser / OS skew test (chi-square goodness of fit). */
export const EVENT_SKEW_P_VALUE = 0.001;
/** The tab key of the Impact card's event-source section (spec 2 §2.3). */
export const EVENT_SOURCE_IMPACT = 'event_source_impact';

export const EVENT_MESSAGES = {
  /** Spec 2 §2.1 empty states and the unquantified impact. */
  noEvents: 'No events to display at the moment',
  noEventsForFilters: 'No events to display at the moment for selected filters',
  noProviders: 'No enabled providers',
  noErrors: 'No errors found impacting your business',
  impactPending: "We're working diligently to quantify impact",
  /** Spec 2 §8. */
  compareNoMetric: 'No data available for your current selection. Try adjusting your filters.',
  chartFailed: 'An error occurred while fetching the data. Please try again after sometime.',
  chartEmpty: "There's no data to show for the selected period.",
  spikesFailed: 'Some error occurred, please try again after sometime',
  feedbackFailed: (resourceType: string) =>
    `There was an Error While posting feedback for this ${resourceType}.`,
  noInsight: 'No actionable insight generated',
  feedbackOneField: 'Send either feedback_ishelpful or feedback_comment, not both.',
  feedbackSaved: 'Thanks for the feedback!',
  noErrorLogs: 'No Error Logs available',
  noOutageHistory: 'No Outage History available',
  desktopBanner: 'For the best experience, please switch to a desktop browser.',
  caughtUp: "You're all caught up here!",
} as const;

/** Spec 2 §1 help texts of the error kinds. */
export const EVENT_ERROR_KIND_HELP = {
  http: 'HTTP errors are 4xx/5xx responses after a request reaches the server.',
  network:
    'Network errors mean the connection failed before a request was made (offline, DNS, SSL, refused).',
  js: 'JS errors are browser code issues such as dom_error and unhandledrejection.',
} as const;

export const EVENT_FEEDBACK_REASONS = [
  'Upstream data issue',
  'Incorrect forecast',
  'Not relevant',
  'Other',
] as const;

/**
 * Metrics an event group's charts read (the Timeline of Events card): string kpi ids so they never collide with
 * the metric store's numeric ones. `ev_group_<id>` errors of one group, `ev_group_rate_<id>` its share of page
 * views (percentage), `ev_pageviews` and `ev_conversions` the site's, `ev_errors` every error.
 */
export const EVENT_KPI_ID_PATTERN =
  /^(ev_group_\d{1,18}|ev_group_rate_\d{1,18}|ev_pageviews|ev_conversions|ev_errors)$/;
/** Dimensions of site events (split_enabled); their values come from /v1/metrics_hub/dimensions/:id/values. */
export const EVENT_DIMENSION_IDS = ['ev_browser', 'ev_os', 'ev_device', 'ev_page'] as const;
export type EventDimensionId = (typeof EVENT_DIMENSION_IDS)[number];
export const EVENT_DIMENSION_NAMES = ['browser', 'os', 'device', 'page'] as const;
export type EventDimensionName = (typeof EVENT_DIMENSION_NAMES)[number];

const EventIdSchema = z.string().regex(/^\d{1,18}$/, 'must be an id');
/** Dates as the feed sends them: an ISO timestamp with offset, or a plain YYYY-MM-DD day (UTC). */
const EventDateSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
/** Filters take one value or a comma-separated list; unknown values simply match nothing. */
const FilterListSchema = z.string().max(1000);
const DimFilter = {
  dim_name: z.string().max(200).optional(),
  dim_val: z.string().max(500).optional(),
};

export const EventDimensionSchema = z
  .object({
    dimension_id: z.string(),
    dimension_name: z.string(),
    dimension_display_name: z.string(),
    split_enabled: z.boolean(),
  })
  .meta({ id: 'EventDimension' });
export type EventDimension = z.infer<typeof EventDimensionSchema>;

/** Result of the stated skew test behind primary_driver (chi-square goodness of fit, df = categories − 1). */
export const EventSkewTestSchema = z.object({
  dimension_name: z.enum(['browser', 'os']),
  test: z.literal('chi_square_goodness_of_fit'),
  statistic: z.number(),
  degrees_of_freedom: z.number().int(),
  p_value: z.number(),
  significant: z.boolean(),
  /** The value most over-represented among errored page views, with its shares. */
  top_value: z.string().nullable(),
  top_value_error_share: z.number().nullable(),
  top_value_pageview_share: z.number().nullable(),
});
export type EventSkewTest = z.infer<typeof EventSkewTestSchema>;

export const EventLabelsSchema = z.object({
  /** 'Short' (under an hour), 'Medium' (under a day) or 'Long'. */
  duration: z.string(),
  /** 'Rare', 'Occasional' or 'Frequent' (errors per active hour). */
  frequency: z.string(),
  /** skewed_dimension_distribution when browser or OS is skewed (stated test), else normal_distribution. */
  primary_driver: z.string().nullable(),
  primary_driver_os: z.string().nullable(),
  primary_driver_browser: z.string().nullable(),
  is_default: z.boolean(),
  skew_tests: z.array(EventSkewTestSchema).optional(),
});
export type EventLabels = z.infer<typeof EventLabelsSchema>;

export const EventImpactItemSchema = z.object({ name: z.string(), count: z.number() });
export const EventImpactSectionSchema = z.object({
  /** browser, os, device, page or event_source_impact. */
  section_name: z.string(),
  section_display_name: z.string().optional(),
  total_count: z.number(),
  /** Top 5 plus Others when there are more than 6. */
  items: z.array(EventImpactItemSchema),
});
export type EventImpactSection = z.infer<typeof EventImpactSectionSchema>;

/** The numbers behind the dollar impact (issue 11 part 4; formula in the events README). */
export const EventImpactBasisSchema = z.object({
  quantified: z.boolean(),
  affected_sessions: z.number().int(),
  affected_conversions: z.number().int(),
  affected_conversion_rate: z.number().nullable(),
  comparable_sessions: z.number().int(),
  comparable_conversions: z.number().int(),
  comparable_conversion_rate: z.number().nullable(),
  average_order_value: z.number().nullable(),
  /** 'collector' (purchases seen by the collector) or 'orders_metric' (the workspace's order metrics). */
  order_value_source: z.enum(['collector', 'orders_metric']).nullable(),
  minimum_sessions: z.number().int(),
  formula: z.string(),
});
export type EventImpactBasis = z.infer<typeof EventImpactBasisSchema>;

export const EventMonetaryImpactSchema = z.object({
  /**
   * Signed dollar impact: a loss is negative (shown red with a down arrow), the formatted value is its size;
   * null below the minimum of sessions ('We're working diligently to quantify impact').
   */
  value: z.number().nullable(),
  formatted_value: z.string().nullable(),
});

export const ExtentPageSchema = z.object({
  /** A URL for the page section; the browser, OS or device name in the others. */
  name: z.string(),
  number_of_errors: z.number(),
  percentage_per_page_viewed: z.number(),
  formatted_percentage_per_page_viewed: z.string(),
  percentage_overall_page_views: z.number(),
  formatted_percentage_overall_page_views: z.string(),
  page_views: z.number().optional(),
});
export const ExtentDistributionSchema = z.object({
  section_name: z.string(),
  section_display_name: z.string(),
  extent_distribution: z.array(ExtentPageSchema),
});
export const PercentageExtentDistributionSchema = z.object({
  section_name: z.string(),
  section_display_name: z.string(),
  distributions: z.array(ExtentDistributionSchema),
});
export type PercentageExtentDistribution = z.infer<typeof PercentageExtentDistributionSchema>;

export const ComponentStatusChangeSchema = z.object({
  name: z.string(),
  group_name: z.string().nullable(),
  last_status: z.string().nullable(),
  current_status: z.string().nullable(),
});

/** One row of the Error Logs card (spec 2 §3 Event). */
export const EventLogRowSchema = z
  .object({
    event_uuid: z.string(),
    start_time: z.string(),
    status_code: z.number().int().nullable(),
    /** What the collector sent: { error: { message, stack, … } } for js, request details for network. */
    payload: z.record(z.string(), z.unknown()),
    description: z.string().nullable(),
    data: z.object({ current_status: z.string().nullable(), details: z.unknown() }).nullable(),
    component_status_changes: z.array(ComponentStatusChangeSchema),
    top_dimension: z.string().nullable(),
    /** Outage rows: the one-line summary by the wording and priority of spec 2 §4 (description wins). */
    summary: z.string().optional(),
    page: z.string().optional(),
    browser: z.string().optional(),
    os: z.string().optional(),
    device: z.string().optional(),
  })
  .meta({ id: 'EventLogRow' });
export type EventLogRow = z.infer<typeof EventLogRowSchema>;

export const EventGroupSchema = z
  .object({
    event_group_id: z.string(),
    event_group_uuid: z.string(),
    formatted_event_group_sequence_id: z.string(),
    status: EventGroupStatusSchema,
    type: EventTypeSchema,
    sub_type: EventSubTypeSchema,
    event_group_ts_start: z.string(),
    /** The last error seen (Active) or the end of the group (Closed). */
    event_group_ts_end: z.string(),
    /** Milliseconds from start to end (Closed) or to now (Active). */
    duration_ms: z.number(),
    number_of_events: z.number().int(),
    category_display_name: z.string().nullable(),
    category_logo_url: z.string().nullable(),
    provider_display_name: z.string().nullable(),
    provider_logo_url: z.string().nullable(),
    provider_home_page_url: z.string().nullable(),
    provider_status_page_url: z.string().nullable(),
    provider_uuid: z.string().nullable(),
    description: z.string(),
    /** WHAT CAN YOU DO? text (lines become bullets). */
    action: z.string(),
    title: z.string(),
    summary: z.string(),
    severity: EventSeveritySchema,
    kpi_id: z.string().nullable(),
    kpi_name: z.string().nullable(),
    kpi_display_name: z.string().nullable(),
    kpi_format: z.enum(['percentage', 'number']).nullable(),
    tenant_id: z.string(),
    dimensions: z.array(EventDimensionSchema),
    funnels: z.array(z.string()),
    labels: EventLabelsSchema,
    affected_components: z.array(z.string()),
    impact: z.object({
      monetary: EventMonetaryImpactSchema,
      sections: z.array(EventImpactSectionSchema),
    }),
    details: z.object({
      event_classification: z.object({ error_message: z.string() }),
      impacted_areas: z.array(z.string()),
      impact_basis: EventImpactBasisSchema,
      fingerprint: z.string(),
      affected_page_views: z.number(),
      total_page_views: z.number(),
      affected_sessions: z.number().int(),
    }),
    percentage_extent_distribution: PercentageExtentDistributionSchema.nullable(),
    /** Log rows (newest first, at most EVENT_LOG_ROWS_MAX) on the group call; empty in the feed. */
    events: z.array(EventLogRowSchema),
    /** Outage groups: the workspace's own signals linked to this outage (group call only). */
    related_signals: z.array(OutageLinkSchema).optional(),
    /** Other groups: the provider outages this group is linked to (the group call and the feed). */
    related_outages: z.array(OutageLinkSchema).optional(),
  })
  .meta({ id: 'EventGroup' });
export type EventGroup = z.infer<typeof EventGroupSchema>;

export const EventGroupParamsSchema = z.object({ id: EventIdSchema });
export const EventUuidParamsSchema = z.object({ event_uuid: z.string().max(100) });

export const EventGroupQuerySchema = TenantQuerySchema.extend(DimFilter);

export const EventSummaryFiltersSchema = {
  status: FilterListSchema.optional(),
  type: FilterListSchema.optional(),
  sub_type: FilterListSchema.optional(),
  provider_uuid: FilterListSchema.optional(),
  provider_type: FilterListSchema.optional(),
  provider_check: FilterListSchema.optional(),
  severity: FilterListSchema.optional(),
};

export const EventGroupsQuerySchema = TenantQuerySchema.extend({
  page_num: z.coerce.number().int().min(1).max(100_000).default(1),
  start_time: EventDateSchema.optional(),
  end_time: EventDateSchema.optional(),
  ...DimFilter,
  ...EventSummaryFiltersSchema,
});
export type EventGroupsQuery = z.infer<typeof EventGroupsQuerySchema>;
export const EventGroupsResponseSchema = z.object({
  event_groups: z.array(EventGroupSchema),
  /** Groups on this page; the feed ends at the first empty page. */
  count: z.number().int(),
});

export const EventSummaryQuerySchema = TenantQuerySchema.extend({
  start_time: EventDateSchema.optional(),
  end_time: EventDateSchema.optional(),
  /** The period stepper's pipeline schedule (w, m or q); the delta compares with the period before. */
  frequency: z.string().max(20).optional(),
  ...DimFilter,
  ...EventSummaryFiltersSchema,
});
export type EventSummaryQuery = z.infer<typeof EventSummaryQuerySchema>;
const CountSchema = z.object({ count: z.number().int() });
export const EventSummarySchema = z.object({
  last_event_ts: z.string().nullable(),
  total_events: z.object({ count: z.number().int(), formatted_count: z.string() }),
  severity: z.object({ High: CountSchema, Medium: CountSchema, Low: CountSchema }),
  status: z.object({ Active: CountSchema, Closed: CountSchema }),
  impact: z.object({
    monetary: z.object({
      value: z.number().nullable(),
      formatted_value: z.string().nullable(),
      /** Against the previous period of the same length; null when that had no impact. */
      delta_percentage: z.number().nullable(),
      formatted_delta_percentage: z.string().nullable(),
    }),
  }),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;
export const EventSummaryResponseSchema = z.object({ data: EventSummarySchema });

export const EventFiltersQuerySchema = TenantQuerySchema.extend(DimFilter);
export const EventFiltersSchema = z.object({
  providers: z.array(
    z.object({
      provider_uuid: z.string(),
      provider_name: z.string(),
      provider_display_name: z.string(),
      provider_logo_url: z.string().nullable(),
    }),
  ),
  provider_types: z.array(
    z.object({ provider_type_name: z.string(), provider_type_display_name: z.string() }),
  ),
  provider_checks: z.array(
    z.object({
      provider_check_name: z.string(),
      provider_check_display_name: z.string(),
      metric_id: z.string().nullable(),
      parent_uuid: z.string().nullable(),
    }),
  ),
});
export type EventFilters = z.infer<typeof EventFiltersSchema>;
export const EventFiltersResponseSchema = z.object({ data: EventFiltersSchema });

export const EventRootCauseQuerySchema = TenantQuerySchema.extend({
  /** Comma-separated dimension names (browser, os, device, page); all of them when absent. */
  dimension_names: z.string().max(500).optional(),
});
export const EventRootCauseDetailSchema = z.object({
  dimension_name: z.string(),
  dimension_value: z.string(),
  /**
   * Site errors: share of page views (expected) and of errored page views (actual), 0–100. Experience events:
   * the value's baseline (expected) and its mean over the event (actual), in the metric's unit.
   */
  expected_dimension_value: z.number(),
  actual_dimension_value: z.number(),
  dimension_value_movement_pct: z.number(),
  formatted_dimension_value_movement_pct: z.string(),
});
export const EventRootCauseResponseSchema = z.object({
  data: z.object({ rootcause_details: z.array(EventRootCauseDetailSchema) }),
});

export const EventFeedbackSchema = z.object({
  feedback_id: z.string(),
  feedback_ishelpful: z.boolean().nullable(),
  feedback_comment: z.string().nullable(),
});
export const EventFeedbackBodySchema = z.object({
  feedback_ishelpful: z.boolean().nullable().optional(),
  feedback_comment: z.string().trim().min(1).max(2000).optional(),
});
export const EventFeedbackResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const EventKpiParamsSchema = z.object({
  kpi_id: z
    .string()
    .max(40)
    .regex(/^(\d{1,18}|ev_[a-z_]{1,20}(\d{1,18})?)$/, 'must be a metric id'),
});
export const CompareQuerySchema = TenantQuerySchema.extend({
  pipeline_schedule: z.enum(['h', 'd', 'w', 'm']).default('h'),
  /** Comma-separated, paired with dimension_values; or one dim_name / dim_val. */
  dimension_names: z.string().max(500).optional(),
  dimension_values: z.string().max(2000).optional(),
  ...DimFilter,
  start_time: EventDateSchema.optional(),
  end_time: EventDateSchema.optional(),
  is_forecast_enabled: z.string().max(10).optional(),
  sub_type: z.string().max(50).optional(),
  event_details_message: z.string().max(1000).optional(),
  is_pixel: z.string().max(10).optional(),
});
export type CompareQuery = z.infer<typeof CompareQuerySchema>;
export const CompareResultSchema = z.object({
  y: z.number().nullable(),
  yhat_lower: z.number().nullable(),
  yhat_upper: z.number().nullable(),
  /** The dimension value of this line (null for the metric overall). */
  dim_val: z.string().nullable(),
  kpi_name: z.string(),
  insight: z.object({ pattern_type: z.string(), event_group_id: z.string().nullable() }).nullable(),
});
export const ComparePointSchema = z.object({ timestamp: z.string(), results: z.array(CompareResultSchema) });
export type ComparePoint = z.infer<typeof ComparePointSchema>;
export const CompareResponseSchema = z.array(ComparePointSchema);

export const RelatedMetricSchema = z.object({
  kpi_id: z.string(),
  kpi_name: z.string(),
  kpi_display_name: z.string(),
  kpi_format: z.enum(['percentage', 'number']),
  metric_category: z.string().nullable(),
  kpi_parent_uuid: z.string().nullable(),
});
export type RelatedMetric = z.infer<typeof RelatedMetricSchema>;
export const RelatedMetricsQuerySchema = TenantQuerySchema.extend({
  is_pixel: z.string().max(10).optional(),
});
export const RelatedMetricsResponseSchema = z.object({ kpis: z.array(RelatedMetricSchema) });

export const FunnelQuerySchema = TenantQuerySchema.extend({
  ...DimFilter,
  pipeline_schedule: z.enum(['h', 'd', 'w', 'm']).default('h'),
  timestamp: EventDateSchema.optional(),
  sub_type: z.string().max(50).optional(),
});
export const FunnelStepSchema = z.object({
  kpi_display_name: z.string(),
  y: z.number(),
  metric_value_movement_pct: z.number().nullable(),
  formatted_metric_value_movement_pct: z.string().nullable(),
});
export const FunnelResponseSchema = z.object({ funnel_steps: z.array(FunnelStepSchema) });

/** The error timeline on /events: hourly errors of the site with the expected range and the groups behind spikes. */
export const EventTimelineQuerySchema = TenantQuerySchema.extend({
  pipeline_schedule: z.literal('h').default('h'),
  timestamp_start: EventDateSchema.optional(),
  timestamp_end: EventDateSchema.optional(),
  ...DimFilter,
  sub_type: FilterListSchema.optional(),
});
export const EventTimelinePointSchema = z.object({
  timestamp: z.string(),
  result: z.object({
    y: z.number().nullable(),
    yhat: z.number().nullable(),
    yhat_lower: z.number().nullable(),
    yhat_upper: z.number().nullable(),
    anomaly: z.enum(['True', 'False']),
  }),
  /** Groups active in that hour (a spike without one answers 'No actionable insight generated'). */
  event_group_ids: z.array(z.string()),
});
export const EventTimelineResponseSchema = z.array(EventTimelinePointSchema);

export const eventsApiRoutes = {
  listEventGroups: defineRoute({
    method: 'GET',
    path: '/v1/events/groups',
    access: 'tenant',
    summary: 'Event groups for the events feed, newest end first, a page at a time, with the summary filters',
    tags: ['events'],
    query: EventGroupsQuerySchema,
    response: EventGroupsResponseSchema,
  }),
  getEventGroup: defineRoute({
    method: 'GET',
    path: '/v1/events/groups/:id',
    access: 'tenant',
    summary: 'One event group with its distributions, impact and error log rows',
    tags: ['events'],
    params: EventGroupParamsSchema,
    query: EventGroupQuerySchema,
    response: EventGroupSchema,
  }),
  eventSummary: defineRoute({
    method: 'GET',
    path: '/v1/events/summary',
    access: 'tenant',
    summary: 'Counts by severity and status and the dollar impact (with the delta to the previous period)',
    tags: ['events'],
    query: EventSummaryQuerySchema,
    response: EventSummaryResponseSchema,
  }),
  eventFilters: defineRoute({
    method: 'GET',
    path: '/v1/events/filters',
    access: 'tenant',
    summary: 'Provider, provider type and check options of the events filters',
    tags: ['events'],
    query: EventFiltersQuerySchema,
    response: EventFiltersResponseSchema,
  }),
  eventTimeline: defineRoute({
    method: 'GET',
    path: '/v1/events/pattern_series',
    access: 'tenant',
    summary: "The site's hourly errors with the expected range (the error timeline)",
    tags: ['events'],
    query: EventTimelineQuerySchema,
    response: EventTimelineResponseSchema,
  }),
  eventRootCause: defineRoute({
    method: 'GET',
    path: '/v1/events/:event_uuid/rootcause',
    access: 'tenant',
    summary:
      "An event's root cause by dimension: each value's share of errors against its share of page views",
    tags: ['events'],
    params: EventUuidParamsSchema,
    query: EventRootCauseQuerySchema,
    response: EventRootCauseResponseSchema,
  }),
  getEventGroupFeedback: defineRoute({
    method: 'GET',
    path: '/v1/events/groups/:id/feedback',
    access: 'tenant',
    summary: "The current user's feedback on an event group (null when none yet)",
    tags: ['events'],
    params: EventGroupParamsSchema,
    query: TenantQuerySchema,
    response: EventFeedbackSchema.nullable(),
  }),
  postEventGroupFeedback: defineRoute({
    method: 'POST',
    path: '/v1/events/groups/:id/feedback',
    access: 'tenant',
    summary: 'Tell whether an event group helped (true, false or null to clear), or pick a reason',
    tags: ['events'],
    params: EventGroupParamsSchema,
    query: TenantQuerySchema,
    body: EventFeedbackBodySchema,
    response: EventFeedbackResponseSchema,
  }),
  compareMetric: defineRoute({
    method: 'GET',
    path: '/v1/metrics_hub/metrics/:kpi_id/compare',
    access: 'tenant',
    summary:
      "A metric's series (event metrics or the metric store), per dimension value, with the expected range",
    tags: ['events'],
    params: EventKpiParamsSchema,
    query: CompareQuerySchema,
    response: CompareResponseSchema,
  }),
  relatedMetrics: defineRoute({
    method: 'GET',
    path: '/v1/metrics_hub/metrics/:kpi_id/related_metrics',
    access: 'tenant',
    summary: 'Metrics to chart beside this one: the metric first, the rest by display name',
    tags: ['events'],
    params: EventKpiParamsSchema,
    query: RelatedMetricsQuerySchema,
    response: RelatedMetricsResponseSchema,
  }),
  metricFunnel: defineRoute({
    method: 'GET',
    path: '/v1/metrics_hub/metrics/funnel',
    access: 'tenant',
    summary:
      "The site's funnel (page views → cart → checkout → purchases) at an hour against the week before",
    tags: ['events'],
    query: FunnelQuerySchema,
    response: FunnelResponseSchema,
  }),
} as const;
