import { z } from 'zod';
import {
  MagicLoginBodySchema,
  MagicLoginCallbackQuerySchema,
  MagicLoginQuerySchema,
  OidcCallbackQuerySchema,
  OidcStartQuerySchema,
  SuccessMessageSchema,
  VerifyResponseSchema,
} from './auth';
import { FlagsResponseSchema, SetFlagBodySchema, SetFlagParamsSchema } from './flags';
import { HealthSchema, OutboxSchema } from './health';
import { TenantInfoQuerySchema, TenantInfoSchema, TenantQuerySchema } from './tenants';

/**
 * Who may call a route:
 * - public: anyone;
 * - session: a signed-in user, no tenant involved;
 * - tenant: a signed-in user authorised for the tenant in `tenant_id` (or their own);
 * - operator: a member of the all-customers tenant.
 */
export type Access = 'public' | 'session' | 'tenant' | 'operator';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style path under the server root, e.g. `/v1/flags/:flag`. */
  path: string;
  access: Access;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** JSON answer for 200; absent for browser navigations that answer with a redirect. */
  response?: z.ZodType;
  redirect?: true;
}

const defineRoute = <const T extends RouteDef>(route: T): T => route;

export const routes = {
  health: defineRoute({
    method: 'GET',
    path: '/v1/health',
    access: 'public',
    summary: 'Liveness and database check',
    tags: ['platform'],
    response: HealthSchema,
  }),
  verify: defineRoute({
    method: 'GET',
    path: '/v1/auth/verify',
    access: 'session',
    summary: 'The signed-in user and their workspaces',
    tags: ['auth'],
    response: VerifyResponseSchema,
  }),
  logout: defineRoute({
    method: 'GET',
    path: '/v1/logout',
    access: 'public',
    summary: 'End the session',
    tags: ['auth'],
    response: z.object({ success: z.boolean() }),
  }),
  magicLogin: defineRoute({
    method: 'POST',
    path: '/v1/auth/magic-login',
    access: 'public',
    summary: 'E-mail a single-use sign-in link',
    tags: ['auth'],
    query: MagicLoginQuerySchema,
    body: MagicLoginBodySchema,
    response: SuccessMessageSchema,
  }),
  magicLoginCallback: defineRoute({
    method: 'GET',
    path: '/v1/auth/magic-login/callback',
    access: 'public',
    summary: 'Follow a sign-in link: starts a session and redirects',
    tags: ['auth'],
    query: MagicLoginCallbackQuerySchema,
    redirect: true,
  }),
  googleStart: defineRoute({
    method: 'GET',
    path: '/v1/auth/google',
    access: 'public',
    summary: 'Sign in with Google (OpenID Connect)',
    tags: ['auth'],
    query: OidcStartQuerySchema,
    redirect: true,
  }),
  googleCallback: defineRoute({
    method: 'GET',
    path: '/v1/auth/google/callback',
    access: 'public',
    summary: 'Google OpenID Connect callback',
    tags: ['auth'],
    query: OidcCallbackQuerySchema,
    redirect: true,
  }),
  microsoftStart: defineRoute({
    method: 'GET',
    path: '/v1/auth/microsoft',
    access: 'public',
    summary: 'Sign in with Microsoft (OpenID Connect)',
    tags: ['auth'],
    query: OidcStartQuerySchema,
    redirect: true,
  }),
  microsoftCallback: defineRoute({
    method: 'GET',
    path: '/v1/auth/microsoft/callback',
    access: 'public',
    summary: 'Microsoft OpenID Connect callback',
    tags: ['auth'],
    query: OidcCallbackQuerySchema,
    redirect: true,
  }),
  tenantInfo: defineRoute({
    method: 'GET',
    path: '/v1/tenants/info',
    access: 'tenant',
    summary: "The workspace's currency, time zone, forecast setting and latest digest and insight times",
    tags: ['tenants'],
    query: TenantInfoQuerySchema,
    response: TenantInfoSchema,
  }),
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
  devOutbox: defineRoute({
    method: 'GET',
    path: '/v1/dev/outbox',
    access: 'public',
    summary: 'Messages kept locally while no SMTP server is configured (absent otherwise)',
    tags: ['platform'],
    response: OutboxSchema,
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
