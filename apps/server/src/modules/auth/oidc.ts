import * as oidc from 'openid-client';
import { DEFAULT_PLAN, type OidcProvider } from '@tidemark/contract';
import type { OidcProviderConfig } from '../../config/env';
import type { BaseContext } from '../../plugins/context';
import { AppError } from '../../errors';
import { landingFor, signInByEmail, startSession, type SignInResult } from './auth.service';

/** What survives the round trip to the provider, kept in a signed, short-lived cookie. */
export interface OidcFlowState {
  provider: OidcProvider;
  state: string;
  nonce: string;
  verifier: string;
  redirectTo?: string | undefined;
  plan?: string | undefined;
  shopifyData?: string | undefined;
}

const discovered = new Map<string, Promise<oidc.Configuration>>();

function configurationFor(p: OidcProviderConfig): Promise<oidc.Configuration> {
  const key = `${p.issuer}|${p.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    const issuer = new URL(p.issuer);
    pending = oidc.discovery(
      issuer,
      p.clientId,
      p.clientSecret,
      undefined,
      // A local test provider speaks plain http on loopback; real providers are https only.
      issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    // A failed discovery (provider down) is retried on the next sign-in instead of being cached.
    pending.catch(() => discovered.delete(key));
    discovered.set(key, pending);
  }
  return pending;
}

/** Lets people with several accounts pick one; only where the provider supports it (strict ones refuse the value). */
function offersAccountChooser(config: oidc.Configuration): boolean {
  const meta = config.serverMetadata();
  const host = new URL(meta.issuer).hostname;
  return (
    host === 'accounts.google.com' ||
    host === 'login.microsoftonline.com' ||
    (Array.isArray(meta.prompt_values_supported) && meta.prompt_values_supported.includes('select_account'))
  );
}

export const callbackUrl = (ctx: BaseContext, provider: OidcProvider): string =>
  `${ctx.config.publicUrl}/v1/auth/${provider}/callback`;

export async function startOidc(
  ctx: BaseContext,
  provider: OidcProvider,
  settings: OidcProviderConfig,
  input: { redirectTo?: string | undefined; plan?: string | undefined; shopifyData?: string | undefined },
): Promise<{ url: string; flow: OidcFlowState }> {
  const config = await configurationFor(settings);
  const flow: OidcFlowState = {
    provider,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    redirectTo: input.redirectTo,
    plan: input.plan,
    shopifyData: input.shopifyData,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx, provider),
    scope: 'openid email profile',
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    ...(offersAccountChooser(config) ? { prompt: 'select_account' } : {}),
  });
  return { url: url.href, flow };
}

export async function finishOidc(
  ctx: BaseContext,
  settings: OidcProviderConfig,
  flow: OidcFlowState,
  currentUrl: URL,
): Promise<SignInResult> {
  const config = await configurationFor(settings);
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new AppError('unauthorized', 'The provider sent no ID token.');
  // Providers may keep profile claims out of the ID token and serve them from userinfo instead.
  const claims: Record<string, unknown> =
    typeof idClaims.email === 'string'
      ? idClaims
      : { ...idClaims, ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)) };
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  // An address the provider has not verified proves nothing about who is signing in.
  if (!email || claims.email_verified === false) {
    throw new AppError('unauthorized', 'The provider did not share a verified e-mail address.');
  }
  const userId = await signInByEmail(ctx, {
    email,
    plan: flow.plan ?? DEFAULT_PLAN,
    shopifyData: flow.shopifyData ?? null,
    givenName: typeof claims.given_name === 'string' ? claims.given_name : null,
    familyName: typeof claims.family_name === 'string' ? claims.family_name : null,
  });
  return { sessionToken: await startSession(ctx, userId), redirect: landingFor(flow.redirectTo, false) };
}
