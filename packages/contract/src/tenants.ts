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

/** Spec 1 §5 and §8: workspace creation and join, worded exactly as the spec has them. */
export const WORKSPACE_MESSAGES = {
  nameTooLong: `Workspace name cannot exceed ${WORKSPACE_NAME_MAX} characters`,
  nameRequired: 'Please enter a workspace name.',
  nameTaken: 'A workspace with this name already exists. Please choose another name.',
  storeUrlHelper: 'Start with https:// or http://',
  storeUrlInvalid: 'Web store url is not valid. Please enter valid URL.',
  storeUrlRequired: 'Please enter your web store url.',
  created: 'Workspace created successfully',
  createFailed: 'An Error occurred while creating workspace.',
  joined: 'Team joined successfully',
  joinFailed: 'An Error occurred while joining the team.',
  joinOtherUser: 'You can only join a workspace with your own e-mail address.',
} as const;

/** A store URL must parse as an absolute http(s) URL (spec 1 §5). */
export function isValidStoreUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const STORE_URL_MAX = 2048;

/** The first rule a workspace form breaks, with the spec's message; null when it is valid. Server and web share it. */
export function workspaceFormError(input: { display_name: string; store_url: string }): string | null {
  const name = input.display_name.trim();
  if (!name) return WORKSPACE_MESSAGES.nameRequired;
  if (name.length > WORKSPACE_NAME_MAX) return WORKSPACE_MESSAGES.nameTooLong;
  const url = input.store_url.trim();
  if (!url) return WORKSPACE_MESSAGES.storeUrlRequired;
  if (url.length > STORE_URL_MAX || !isValidStoreUrl(url)) return WORKSPACE_MESSAGES.storeUrlInvalid;
  return null;
}

/** The workspace a path names. Any text is accepted here; the service answers for ids that are not the caller's. */
export const TenantParamsSchema = z.object({ tenant_uuid: z.string().min(1).max(64) });

/** Spec 1 §3 Tenant: what the join step shows of a team. */
export const TeamDetailsSchema = z
  .object({
    tenant_uuid: z.uuid(),
    display_name: z.string(),
    logo_path: z.string().nullable(),
    member_count: z.number().int(),
    store_url: z.string().nullable(),
  })
  .meta({ id: 'TeamDetails' });
export type TeamDetails = z.infer<typeof TeamDetailsSchema>;

/**
 * PATCH tenants/{uuid}: names the workspace sign-up provisioned and records its store. Structural limits only;
 * the spec's rules and messages come from workspaceFormError, so the API answers with the form's wording.
 */
export const UpdateWorkspaceBodySchema = z.object({
  display_name: z.string().max(500),
  store_url: z.string().max(STORE_URL_MAX * 2),
});
export type UpdateWorkspaceBody = z.infer<typeof UpdateWorkspaceBodySchema>;

export const WorkspaceAnswerSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: TeamDetailsSchema,
});
export type WorkspaceAnswer = z.infer<typeof WorkspaceAnswerSchema>;

export const JoinWorkspaceBodySchema = z.object({ user_email: z.string().max(254) });
export type JoinWorkspaceBody = z.infer<typeof JoinWorkspaceBodySchema>;

export const JoinWorkspaceAnswerSchema = z.object({ success: z.boolean(), message: z.string() });

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
  teamDetails: defineRoute({
    method: 'GET',
    path: '/v1/tenants/:tenant_uuid',
    access: 'tenant',
    summary: "A workspace's team: name, logo, member count and store",
    tags: ['tenants'],
    params: TenantParamsSchema,
    query: TenantQuerySchema,
    response: TeamDetailsSchema,
  }),
  joinWorkspace: defineRoute({
    method: 'POST',
    path: '/v1/tenants/:tenant_uuid/join',
    access: 'tenant',
    summary: 'Join a workspace as the signed-in user (a second join changes nothing)',
    tags: ['tenants'],
    params: TenantParamsSchema,
    query: TenantQuerySchema,
    body: JoinWorkspaceBodySchema,
    response: JoinWorkspaceAnswerSchema,
  }),
  updateWorkspace: defineRoute({
    method: 'PATCH',
    path: '/v1/tenants/:tenant_uuid',
    access: 'tenant',
    summary: "Name a workspace and record its store's URL (the create_tenant step)",
    tags: ['tenants'],
    params: TenantParamsSchema,
    query: TenantQuerySchema,
    body: UpdateWorkspaceBodySchema,
    response: WorkspaceAnswerSchema,
  }),
} as const;
