import { z } from 'zod';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

/** Per-tenant feature toggles (spec 1 §9 plus the events screens of spec 2). */
export const FEATURE_FLAGS = [
  'insights',
  'reports',
  'metrics',
  'explorer',
  'digest',
  'events',
  'create-global-filter',
  'global-filter',
  'filtering',
  'rca',
  'event-summary',
  'event-funnel',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export const FeatureFlagSchema = z.enum(FEATURE_FLAGS);

/** What a tenant gets before an operator changes anything. */
export const DEFAULT_FLAGS: Record<FeatureFlag, boolean> = {
  insights: true,
  reports: true,
  metrics: true,
  explorer: false,
  digest: false,
  events: true,
  'create-global-filter': true,
  'global-filter': true,
  filtering: true,
  rca: true,
  'event-summary': true,
  'event-funnel': false,
};

export const FLAGS_REFRESH_MS = 10_000;

export const FlagsResponseSchema = z
  .object({
    tenant_id: z.number().int(),
    // Every flag by name (an object, not a record, so the API document lists the properties it requires).
    flags: z.object(
      Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
        FeatureFlag,
        z.ZodBoolean
      >,
    ),
  })
  .meta({ id: 'FeatureFlags' });
export type FlagsResponse = z.infer<typeof FlagsResponseSchema>;

export const SetFlagParamsSchema = z.object({ flag: FeatureFlagSchema });
export const SetFlagBodySchema = z.object({ enabled: z.boolean() });

/** The flags area's calls. */
export const flagsRoutes = {
  getFlags: defineRoute({
    method: 'GET',
    path: '/v1/flags',
    access: 'tenant',
    summary: "The workspace's feature flags",
    tags: ['flags'],
    query: TenantQuerySchema,
    response: FlagsResponseSchema,
  }),
  setFlag: defineRoute({
    method: 'PUT',
    path: '/v1/flags/:flag',
    access: 'operator',
    summary: "Turn one of a workspace's feature flags on or off (operators only)",
    tags: ['flags'],
    params: SetFlagParamsSchema,
    query: TenantQuerySchema,
    body: SetFlagBodySchema,
    response: FlagsResponseSchema,
  }),
} as const;
