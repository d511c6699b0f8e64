import { z } from 'zod';
import { defineRoute } from './route';
import { TenantQuerySchema } from './tenants';

// API keys (spec 1 §3 API token, §5, §7 apps/tokens): a workspace's keys for its read API, each for the
// whole workspace or pinned to one dimension value (the global filter applied when it was made).

/** Keys start with this, so one found in a log or a repository is recognisable (and can be scanned for). */
export const API_KEY_PREFIX = 'tmk_';

export const TOKEN_MESSAGES = {
  /** Spec 1 §5. */
  nameRequired: 'Please enter key label.',
  /** Spec 1 §8, the copy action of the key dialog. */
  copied: 'API Key copied!',
  revoked: 'API key revoked.',
  notFound: 'It looks like there is no API key here.',
  badScope: 'scope must be "all" or "<dimension>:<value>" of a dimension of this workspace.',
  readOnly: 'API keys can only read: sign in to change anything.',
  notInUrl: 'API keys go in the Authorization header (Bearer), never in the URL.',
  otherWorkspace: 'This API key belongs to another workspace.',
  invalid: 'The API key is unknown or has been revoked.',
  scopedValues: (scope: string) =>
    `This API key is limited to ${scope}: it lists that value alone, not the values of other dimensions.`,
  scopedRawRows: (scope: string) =>
    `This API key is limited to ${scope}: extractions hold the rows of every segment, so it cannot read them. Use a key for all data.`,
} as const;

export const TOKEN_NAME_MAX = 60;
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

export const ApiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** 'all', or 'dimension:value'. */
    scope: z.string(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    /** The key's first characters, to tell keys apart; the key itself is shown once, at creation. */
    prefix: z.string(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreateApiTokenBodySchema = z.object({
  name: z
    .string({ error: TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, TOKEN_MESSAGES.nameRequired)
    .max(TOKEN_NAME_MAX)
    .regex(NO_CONTROL),
  /** The spec's payload names the workspace too; it must be the request's. */
  tenant_id: z.number().int().positive().optional(),
  scope: z.string().max(800).regex(NO_CONTROL).default('all'),
});
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

export const CreateApiTokenResponseSchema = z.object({
  data: ApiTokenSchema.extend({ token: z.string() }),
});
export const ApiTokensResponseSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export const ApiTokenParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a key id') });

export const tokensRoutes = {
  createApiToken: defineRoute({
    method: 'POST',
    path: '/v1/apps/tokens',
    access: 'tenant',
    summary: 'Create an API key (the key is in this answer only)',
    tags: ['api keys'],
    query: TenantQuerySchema,
    body: CreateApiTokenBodySchema,
    response: CreateApiTokenResponseSchema,
  }),
  listApiTokens: defineRoute({
    method: 'GET',
    path: '/v1/apps/tokens',
    access: 'tenant',
    summary: "The workspace's API keys that are not revoked",
    tags: ['api keys'],
    query: TenantQuerySchema,
    response: ApiTokensResponseSchema,
  }),
  revokeApiToken: defineRoute({
    method: 'DELETE',
    path: '/v1/apps/tokens/:id',
    access: 'tenant',
    summary: 'Revoke an API key: it stops working at once',
    tags: ['api keys'],
    params: ApiTokenParamsSchema,
    query: TenantQuerySchema,
    response: z.object({ success: z.literal(true), message: z.string() }),
  }),
} as const;
