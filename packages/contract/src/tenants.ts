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
    /** The newest insight's anomaly time (not when it was written). */
    last_insight_ts: z.string().nullable(),
    /**
     * Start of the newest day holding data, so the feed can open on data older than its window. Optional in
     * the schema so callers that predate it still parse; the server always sends it.
     */
    last_data_ts: z.string().nullable().optional(),
    /**
     * The workspace has no metric yet and can get one by connecting data: every screen then offers that one
     * next step. False for the demo and all-customers workspaces. Optional like last_data_ts.
     */
    needs_data: z.boolean().optional(),
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

/** Line breaks and tabs become spaces; other C0/C1 controls go with the invisible characters below. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/**
 * Controls (ESC included) and format characters: zero-width space/joiners, soft hyphen, word joiner, BOM,
 * bidi marks, embeddings, overrides and isolates; plus blanks that are letters (Hangul fillers) or marks.
 */
// Written as escapes and removed one by one, so marks in the class cannot combine with what precedes them.
// eslint-disable-next-line no-misleading-character-class
const INVISIBLE = /[\p{Cc}\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\u180B-\u180F\uFE00-\uFE0F]/gu;

/**
 * A right-to-left override (U+202E) shows its run, up to U+202C or the end, backwards: '\u202EemcA' reads
 * 'Acme'. The run is written as it reads, so the name is compared and kept as people see it.
 */
function showOverrides(raw: string): string {
  return raw.replace(/\u202E([^\u202C]*)\u202C?/gu, (_, run: string) => [...run].reverse().join(''));
}

/**
 * The name a workspace is stored and compared under (issue 25): NFKC (fullwidth look-alikes become ASCII),
 * no controls or invisible characters, runs of whitespace as one space, trimmed. Server and web share it.
 */
export function cleanWorkspaceName(raw: string): string {
  return showOverrides(raw)
    .normalize('NFKC')
    .replace(BREAKS, ' ')
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first rule a workspace form breaks, with the spec's message; null when it is valid. Server and web share it. */
export function workspaceFormError(input: { display_name: string; store_url: string }): string | null {
  const name = cleanWorkspaceName(input.display_name);
  if (!name) return WORKSPACE_MESSAGES.nameRequired;
  if (name.length > WORKSPACE_NAME_MAX) return WORKSPACE_MESSAGES.nameTooLong;
  const url = input.store_url.trim();
  if (!url) return WORKSPACE_MESSAGES.storeUrlRequired;
  if (url.length > STORE_URL_MAX || !isValidStoreUrl(url)) return WORKSPACE_MESSAGES.storeUrlInvalid;
  return null;
}

/** The workspace a path names. Any text is accepted here; the service answers for ids that are not the caller's. */
export const TenantParamsSchema = z.object({ tenant_uuid: z.string().min(1).max(64) });

/** How a member came into a workspace; the join step names it. */
export const JOINED_VIA = ['founder', 'domain', 'invitation'] as const;
export const JoinedViaSchema = z.enum(JOINED_VIA);
export type JoinedVia = z.infer<typeof JoinedViaSchema>;

/** Spec 1 §3 Tenant: what the join step shows of a team. */
export const TeamDetailsSchema = z
  .object({
    tenant_uuid: z.uuid(),
    display_name: z.string(),
    logo_path: z.string().nullable(),
    member_count: z.number().int(),
    store_url: z.string().nullable(),
    /** How the caller became a member (null for an operator viewing it), so the join step can say why. */
    joined_via: JoinedViaSchema.nullable(),
    /** The company domain that founded the workspace. */
    email_domain: z.string().nullable(),
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
