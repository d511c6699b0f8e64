import { z } from 'zod';
import { defineRoute } from './route';

export const ALL_CUSTOMERS_LABEL = 'All';
export const DEFAULT_TIMEZONE = 'Etc/UTC';
/** Spec 1 §5: a workspace name is at most 40 characters. */
export const WORKSPACE_NAME_MAX = 40;

/** Tenant context on every tenant-scoped call (spec: "Calls carry tenant_id"). */
export const TenantQuerySchema = z.object({
  tenant_id: z.coerce.number().int().positive().optional(),
  /** Demo mode: read the demo workspace instead of the caller's. */
  is_demo: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const TenantInfoQuerySchema = TenantQuerySchema.extend({
  dim_name: z.string().max(200).optional(),
  dim_val: z.string().max(500).optional(),
});

export const TenantInfoSchema = z
  .object({
    tenant_id: z.number().int(),
    last_digest_ts: z.object({
      day: z.string().nullable(),
      month: z.string().nullable(),
      quarter: z.string().nullable(),
    }),
    is_forecast_enabled: z.boolean(),
    currency: z.string(),
    currency_symbol: z.string(),
    timezone: z.string(),
    last_insight_ts: z.string().nullable(),
  })
  .meta({ id: 'TenantInfo' });
export type TenantInfo = z.infer<typeof TenantInfoSchema>;

/** The tenants area's calls. */
export const tenantsRoutes = {
  tenantInfo: defineRoute({
    method: 'GET',
    path: '/v1/tenants/info',
    access: 'tenant',
    summary: "The workspace's currency, time zone, forecast setting and latest digest and insight times",
    tags: ['tenants'],
    query: TenantInfoQuerySchema,
    response: TenantInfoSchema,
  }),
} as const;
