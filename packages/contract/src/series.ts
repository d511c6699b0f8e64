import { z } from 'zod';
import { OverlaySeriesSchema, OverlayTypeSchema, SeriesPointSchema } from './insights';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

// The stored series of every metric: at hourly, daily, weekly (from Sunday) and monthly grain, in the
// workspace's time zone, overall and per dimension value.

export const SERIES_SCHEDULES = ['h', 'd', 'w', 'm'] as const;
export const SeriesScheduleSchema = z.enum(SERIES_SCHEDULES);
export type SeriesSchedule = z.infer<typeof SeriesScheduleSchema>;

/** A grain's place from finest to coarsest (an hour 0, a month 3); anything else ranks as a day. */
export function grainRank(grain: string): number {
  const i = (SERIES_SCHEDULES as readonly string[]).indexOf(grain);
  return i < 0 ? 1 : i;
}

/** An ISO timestamp with a time zone (spec: server dates are read only in that form). */
const IsoTimestampSchema = z.iso.datetime({ offset: true });

export const PatternSeriesQuerySchema = TenantQuerySchema.extend({
  kpi_id: z.string().regex(/^\d{1,18}$/, 'must be a metric id'),
  pipeline_schedule: SeriesScheduleSchema.default('d'),
  timestamp_start: IsoTimestampSchema.optional(),
  timestamp_end: IsoTimestampSchema.optional(),
  dim_name: z.string().max(200).optional(),
  dim_val: z.string().max(500).optional(),
  is_forecast_enabled: z.enum(['true', 'false']).optional(),
  pipeline_guid: z.string().max(100).optional(),
});
export const PatternSeriesResponseSchema = z.array(SeriesPointSchema);

export const OverlaysQuerySchema = TenantQuerySchema.extend({
  kpi_id: z.string().regex(/^\d{1,18}$/, 'must be a metric id'),
  pipeline_schedule: SeriesScheduleSchema.default('h'),
  type: OverlayTypeSchema.optional(),
  timestamp_start: IsoTimestampSchema.optional(),
  timestamp_end: IsoTimestampSchema.optional(),
  dim_name: z.string().max(200).optional(),
  dim_val: z.string().max(500).optional(),
  pipeline_id: z.string().max(100).optional(),
  pipeline_tag: z.string().max(100).optional(),
  pipeline_guid: z.string().max(100).optional(),
});

export const seriesRoutes = {
  patternSeries: defineRoute({
    method: 'GET',
    path: '/v1/pattern_series',
    access: 'tenant',
    summary: "A metric's series at a grain, overall or for one dimension value",
    tags: ['series'],
    query: PatternSeriesQuerySchema,
    response: PatternSeriesResponseSchema,
  }),
  patternSeriesOverlays: defineRoute({
    method: 'GET',
    path: '/v1/pattern_series/overlays',
    access: 'tenant',
    summary:
      'A window of a series with the same window one and two periods earlier (DoD, WoW, MoM, QoQ, YoY)',
    tags: ['series'],
    query: OverlaysQuerySchema,
    response: OverlaySeriesSchema,
  }),
} as const;
