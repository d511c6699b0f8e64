import { routes, type OidcProvider } from '@tidemark/contract';
import { buildUrl } from '@/lib/api-client';

export interface OauthStartInput {
  redirectTo: string;
  plan: string;
  shopifyData?: string | null;
}

/**
 * GET /v1/auth/google and /v1/auth/microsoft are browser navigations, not fetches: the server
 * answers with a redirect to the provider (or back to /login?error=…_not_configured).
 */
export function oauthStartHref(provider: OidcProvider, input: OauthStartInput): string {
  const route = provider === 'google' ? routes.googleStart : routes.microsoftStart;
  return buildUrl(route, undefined, {
    redirectTo: input.redirectTo,
    plan: input.plan,
    shopify_data: input.shopifyData ?? undefined,
  });
}
