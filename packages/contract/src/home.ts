import { z } from 'zod';
import { KpiFormatSchema, SeveritySchema } from './insights';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

/**
 * The home page's digest (spec 1 §2 "/ is the home page", issue 14 item 2): one call, read from what the
 * pipelines stored (series with their fit, insight groups, event groups), so it costs a few index reads.
 */

export const HomeDigestQuerySchema = TenantQuerySchema.extend({
  dim_name: z.string().max(200).optional(),
  dim_val: z.string().max(500).optional(),
});
export type HomeDigestQuery = z.infer<typeof HomeDigestQuerySchema>;

export const DIGEST_PERIODS = ['day', 'month', 'quarter'] as const;
export type DigestPeriod = (typeof DIGEST_PERIODS)[number];

/** One metric over the period: its value, the period before, and the range the pipeline expected. */
export const MoverSchema = z.object({
  kpi_id: z.string(),
  kpi_display_name: z.string(),
  kpi_format: KpiFormatSchema,
  accent: z.enum(['positive', 'negative']),
  current_value: z.number().nullable(),
  previous_value: z.number().nullable(),
  /** Change against the previous period, a fraction (0.12 is +12 %); null when the previous value is 0 or missing. */
  change: z.number().nullable(),
  expected_value: z.number().nullable(),
  yhat_lower: z.number().nullable(),
  yhat_upper: z.number().nullable(),
  /** Where the value sits against the expected range: 'above', 'below', 'within', or 'unknown' with no fit. */
  range_position: z.enum(['above', 'below', 'within', 'unknown']),
  /** Whether the move is good for the business (the metric's accent says which way is good). */
  is_good: z.boolean().nullable(),
});
export type Mover = z.infer<typeof MoverSchema>;

export const DigestPeriodSummarySchema = z.object({
  period: z.enum(DIGEST_PERIODS),
  /** The last complete period in the data, in the workspace's time zone; null when there is none yet. */
  ts_start: z.string().nullable(),
  ts_end: z.string().nullable(),
  movers: z.array(MoverSchema),
});
export type DigestPeriodSummary = z.infer<typeof DigestPeriodSummarySchema>;

export const NorthStarSchema = z.object({
  kpi_id: z.string(),
  kpi_display_name: z.string(),
  kpi_format: KpiFormatSchema,
  accent: z.enum(['positive', 'negative']),
  /** How the metric was chosen: the first of the user's My Metrics, else the workspace's top-tier metric. */
  chosen_by: z.enum(['my_metrics', 'top_tier']),
  /** The daily series of the last 30 complete days with the expected range. */
  points: z.array(
    z.object({
      timestamp: z.string(),
      y: z.number().nullable(),
      yhat: z.number().nullable(),
      yhat_lower: z.number().nullable(),
      yhat_upper: z.number().nullable(),
    }),
  ),
  /** The last complete day, as a mover. */
  day: MoverSchema.nullable(),
});
export type NorthStar = z.infer<typeof NorthStarSchema>;

/** An open insight group or an event group, ranked by money. */
export const DigestItemSchema = z.object({
  kind: z.enum(['insight_group', 'event_group']),
  id: z.string(),
  title: z.string(),
  severity: SeveritySchema,
  accent: z.enum(['positive', 'negative']),
  ts_start: z.string(),
  ts_end: z.string(),
  /** Insight groups: the engine's dollar impact (signed); event groups: the money at risk. */
  dollar_impact: z.number().nullable(),
  /** 'Open' for insight groups, 'Active' or 'Closed' for event groups. */
  status: z.string(),
});
export type DigestItem = z.infer<typeof DigestItemSchema>;

export const DigestEventsSchema = z.object({
  ts_start: z.string().nullable(),
  ts_end: z.string().nullable(),
  severity: z.object({ High: z.number().int(), Medium: z.number().int(), Low: z.number().int() }),
  /** Counts by type and sub type ('error' groups by their sub type; outages by provider when known). */
  types: z.array(z.object({ type: z.string(), sub_type: z.string().nullable(), count: z.number().int() })),
  providers: z.array(
    z.object({ provider_uuid: z.string(), provider_display_name: z.string(), count: z.number().int() }),
  ),
});
export type DigestEvents = z.infer<typeof DigestEventsSchema>;

export const HomeDigestSchema = z
  .object({
    tenant_id: z.number().int(),
    /** False for a workspace with no metrics yet: the page shows how to start. */
    has_metrics: z.boolean(),
    north_star: NorthStarSchema.nullable(),
    periods: z.array(DigestPeriodSummarySchema),
    items: z.array(DigestItemSchema),
    events: DigestEventsSchema,
  })
  .meta({ id: 'HomeDigest' });
export type HomeDigest = z.infer<typeof HomeDigestSchema>;

/** Top movers shown per period and money-ranked items listed. */
export const DIGEST_MOVERS_MAX = 5;
export const DIGEST_ITEMS_MAX = 10;
/** Items and events count over this many days before the newest one. */
export const DIGEST_WINDOW_DAYS = 90;
export const NORTH_STAR_DAYS = 30;

export const homeRoutes = {
  homeDigest: defineRoute({
    method: 'GET',
    path: '/v1/home/digest',
    access: 'tenant',
    summary:
      "The home page's digest: North Star metric, top movers of the day, month and quarter, open items by money",
    tags: ['home'],
    query: HomeDigestQuerySchema,
    response: HomeDigestSchema,
  }),
} as const;
