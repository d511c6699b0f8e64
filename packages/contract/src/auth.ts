import { z } from 'zod';

/** The "simple {email} pattern" of spec 1 §5: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Consumer mailbox providers: sign-up needs a work address (spec 1 §8, invalid_domain). */
export const FREE_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.co.in',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  'rediffmail.com',
  'tutanota.com',
  'fastmail.com',
  'hey.com',
] as const;

export function isFreeMailAddress(email: string): boolean {
  const domain = email.split('@')[1]?.toLowerCase().trim() ?? '';
  return (FREE_MAIL_DOMAINS as readonly string[]).includes(domain);
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

/** Only same-site paths are honoured as redirect targets, so a link can never send a user elsewhere. */
export const RedirectPathSchema = z
  .string()
  .max(2048)
  .refine(
    (v) => v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\'),
    'must be a path on this site',
  );

export const MagicLoginQuerySchema = z.object({ redirectTo: RedirectPathSchema.optional() });
export const MagicLoginBodySchema = z.object({
  destination: z.string().trim().max(254).regex(EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail),
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
