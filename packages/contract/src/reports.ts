import { z } from 'zod';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

// The weekly report of provider health (spec 2 §2.4, §3 Weekly report, §7 call 5; issue 12 item 6).

/** Health of a provider or a check over the report period, worst first. */
export const REPORT_HEALTHS = ['down', 'degraded', 'maintenance', 'healthy'] as const;
export const ReportHealthSchema = z.enum(REPORT_HEALTHS);
export type ReportHealth = z.infer<typeof ReportHealthSchema>;
export const REPORT_HEALTH_NAMES: Record<ReportHealth, string> = {
  down: 'Major outage',
  degraded: 'Degraded',
  maintenance: 'Maintenance',
  healthy: 'Healthy',
};

/**
 * A third-party provider's first check: its overall status page state. It is no component, so the events link
 * of this check filters by the provider alone.
 */
export const REPORT_OVERALL_CHECK = 'overall';
/** The provider-type toggle's own entry that shows the three chart panels instead of cards. */
export const REPORT_DASHBOARD_TYPE = 'dashboard';
/** Spec 2 §9: the report's default period is the previous week; weeks start on Sunday. */
export const REPORT_PERIODS = ['week', 'month', 'quarter'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

const ReportDateSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const ReportsQuerySchema = TenantQuerySchema.extend({
  dim_name: z.string().max(200).optional(),
  dim_val: z.string().max(500).optional(),
  start_time: ReportDateSchema.optional(),
  end_time: ReportDateSchema.optional(),
});
export type ReportsQuery = z.infer<typeof ReportsQuerySchema>;

export const ReportCheckSchema = z.object({
  provider_check_uuid: z.string(),
  provider_check_name: z.string(),
  provider_check_display_name: z.string(),
  health: ReportHealthSchema,
  health_display_name: z.string(),
  /** Incidents (or error groups) that touched this check in the period. */
  incidents: z.number().int(),
});
export type ReportCheck = z.infer<typeof ReportCheckSchema>;

export const ReportProviderSchema = z
  .object({
    provider_uuid: z.string(),
    provider_name: z.string(),
    provider_display_name: z.string(),
    provider_logo_url: z.string().nullable(),
    provider_type: z.string(),
    health: ReportHealthSchema,
    health_display_name: z.string(),
    /** Event groups of this provider that overlap the period. */
    incidents: z.number().int(),
    /** Minutes of the period during which at least one of them was open (overlaps counted once). */
    degraded_minutes: z.number().int(),
    /** The workspace's own network errors to this provider's hosts in the period (site collector). */
    host_errors: z.number().int(),
    checks: z.object({
      total: z.number().int(),
      /** Checks that stayed healthy through the period. */
      completed: z.number().int(),
      statuses: z.array(ReportCheckSchema),
    }),
  })
  .meta({ id: 'ReportProvider' });
export type ReportProvider = z.infer<typeof ReportProviderSchema>;

export const ReportProviderTypeSchema = z.object({
  provider_type_name: z.string(),
  provider_type_display_name: z.string(),
  description: z.string(),
  providers: z.array(ReportProviderSchema),
});
export type ReportProviderType = z.infer<typeof ReportProviderTypeSchema>;

export const ReportsResponseSchema = z.object({
  start_time: z.string(),
  end_time: z.string(),
  /** False when the store enabled no third-party provider ('No enabled providers'). */
  has_enabled_providers: z.boolean(),
  provider_types: z.array(ReportProviderTypeSchema),
});
export type ReportsResponse = z.infer<typeof ReportsResponseSchema>;

export const reportsRoutes = {
  eventReports: defineRoute({
    method: 'GET',
    path: '/v1/events/reports',
    access: 'tenant',
    summary: "Provider health over a period (the weekly report): each provider type's providers and checks",
    tags: ['events'],
    query: ReportsQuerySchema,
    response: ReportsResponseSchema,
  }),
} as const;
