import { z } from 'zod';
import { defineRoute } from './route';

export { EmailSchema, isValidEmail } from './email';

const domainOf = (email: string): string => email.split('@')[1]?.toLowerCase().trim() ?? '';

/** Names set aside for documentation and testing (RFC 2606, RFC 6761): nobody owns them, so nobody signs up with them. */
const RESERVED_TLDS = ['example', 'invalid', 'localhost', 'local'];
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

export function isReservedEmailDomain(email: string): boolean {
  const domain = domainOf(email);
  const tld = domain.split('.').pop() ?? '';
  return (
    RESERVED_TLDS.includes(tld) || RESERVED_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`))
  );
}

export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter valid email.',
  magicLinkSent: 'Please check your email for the login link',
  requestFailed: 'An error occurred while sending the request',
  invalidDomain: 'Error: Please use your work email',
  linkExpired: 'This sign-in link has expired or was already used. Please request a new one.',
  providerNotConfigured: (provider: string) =>
    `Sign-in with ${provider} is not configured on this server. Please use the e-mail link instead.`,
  providerFailed: (provider: string) => `Sign-in with ${provider} did not complete. Please try again.`,
  tooManyRequests: 'Too many sign-in requests. Please wait a few minutes and try again.',
  notLoggedIn: 'Not logged in',
} as const;

/** Values of the login page's `error` query parameter, with the banner each one shows. */
export const LOGIN_ERRORS = {
  invalid_domain: AUTH_MESSAGES.invalidDomain,
  link_expired: AUTH_MESSAGES.linkExpired,
  google_not_configured: AUTH_MESSAGES.providerNotConfigured('Google'),
  microsoft_not_configured: AUTH_MESSAGES.providerNotConfigured('Microsoft'),
  google_failed: AUTH_MESSAGES.providerFailed('Google'),
  microsoft_failed: AUTH_MESSAGES.providerFailed('Microsoft'),
} as const;
export type LoginErrorCode = keyof typeof LOGIN_ERRORS;

export const MAGIC_LINK_TTL_MINUTES = 15;
export const PLANS = ['shopify', 'starter', 'growth', 'enterprise'] as const;
export const DEFAULT_PLAN = 'shopify';

export const UserStatusSchema = z.enum(['new', 'active']);
export const TenantStatusSchema = z.enum(['new', 'active']);

export const UserSchema = z
  .object({
    user_uuid: z.uuid(),
    tenant_id: z.number().int(),
    tenant_uuid: z.uuid(),
    given_name: z.string().nullable(),
    family_name: z.string().nullable(),
    email: z.string(),
    login_id: z.string(),
    show_onboarding: z.boolean(),
    is_design_partner: z.boolean(),
    is_north_star_enabled: z.boolean(),
    shopify_shop_name: z.string().nullable(),
    user_status: UserStatusSchema,
    tenant_status: TenantStatusSchema,
    /** Member of the all-customers tenant: may view any customer. */
    is_operator: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const TenantSummarySchema = z
  .object({
    tenant_id: z.number().int(),
    tenant_uuid: z.uuid(),
    display_name: z.string(),
    is_all_customers: z.boolean(),
    is_demo: z.boolean(),
  })
  .meta({ id: 'TenantSummary' });
export type TenantSummary = z.infer<typeof TenantSummarySchema>;

export const VerifyResponseSchema = z.object({
  user: UserSchema,
  /** The caller's workspaces; for operators every customer, the all-customers tenant first. */
  tenants: z.array(TenantSummarySchema),
});
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

export const REDIRECT_PATH_MAX = 2048;
/** Unicode spaces, separators and format characters (zero-width, bidi marks, BOM). */
const INVISIBLE = /[\p{Zs}\p{Zl}\p{Zp}\p{Cf}]/u;

/**
 * The one judge of a redirect target, used by the request schema, the server at redirect time and the
 * web's landing logic. Browsers drop tabs and newlines from URLs and read `\\` as `/`, so `/\t/evil.com`
 * or `/\\evil.com` would leave the site: any control character, whitespace or backslash is refused outright,
 * and the path must resolve to this site's own origin.
 */
export function isSafeInternalPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > REDIRECT_PATH_MAX) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || (code >= 0x7f && code <= 0xa0) || char === '\\' || INVISIBLE.test(char)) return false;
  }
  try {
    const base = 'https://tidemark.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/** Only same-site paths are honoured as redirect targets, so a link can never send a user elsewhere. */
export const RedirectPathSchema = z.string().refine(isSafeInternalPath, 'must be a path on this site');

export const MagicLoginQuerySchema = z.object({ redirectTo: RedirectPathSchema.optional() });
export const MagicLoginBodySchema = z.object({
  destination: z.string().trim().max(254).pipe(z.email(AUTH_MESSAGES.invalidEmail)),
  plan: z.string().max(64).optional(),
  is_demo: z.boolean().optional(),
  shopify_data: z.string().max(4096).optional(),
});
export type MagicLoginBody = z.infer<typeof MagicLoginBodySchema>;

export const SuccessMessageSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof SuccessMessageSchema>;

export const MagicLoginCallbackQuerySchema = z.object({ token: z.string().max(256) });

export const OidcStartQuerySchema = z.object({
  redirectTo: RedirectPathSchema.optional(),
  plan: z.string().max(64).optional(),
  shopify_data: z.string().max(4096).optional(),
});
export const OidcCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});
export const OIDC_PROVIDERS = ['google', 'microsoft'] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

export const CSRF_COOKIE = 'tm_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'tm_session';

/** The auth area's calls. */
export const authRoutes = {
  verify: defineRoute({
    method: 'GET',
    path: '/v1/auth/verify',
    access: 'session',
    summary: 'The signed-in user and their workspaces',
    tags: ['auth'],
    response: VerifyResponseSchema,
  }),
  /**
   * Spec 1 §7 lists GET logout; it is POST so that a page elsewhere (or an `<img src=/v1/logout>` in data we
   * show) cannot sign anyone out: a session's non-GET calls need the CSRF token.
   */
  logout: defineRoute({
    method: 'POST',
    path: '/v1/logout',
    access: 'public',
    summary: 'End the session (POST with the CSRF token)',
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
} as const;
