import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CSRF_COOKIE,
  OIDC_PROVIDERS,
  routes,
  type LoginErrorCode,
  type OidcProvider,
} from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { isAppError } from '../../errors';
import { consumeMagicLink, endSession, requestMagicLink, verify } from './auth.service';
import { finishOidc, startOidc, type OidcFlowState } from './oidc';
import { clearSessionCookies, OIDC_COOKIE, setCsrfCookie, setSessionCookies } from './cookies';
import { csrfTokenFor } from './tokens';

const loginWithError = (reply: FastifyReply, error: LoginErrorCode) =>
  reply.redirect(`/login?error=${error}`);

export async function authRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.verify, ({ ctx, request, reply }) => {
    // A session whose CSRF cookie was lost (or is stale) could never change anything again; the app's first call restores it.
    const csrf = csrfTokenFor(app.sessionSecret, ctx.user.sessionHash);
    if (request.cookies[CSRF_COOKIE] !== csrf) setCsrfCookie(reply, ctx.config, csrf);
    return verify({ ctx });
  });

  addRoute(app, routes.logout, async ({ ctx, reply }) => {
    await endSession(ctx, ctx.user);
    clearSessionCookies(reply);
    return { success: true };
  });

  addRoute(
    app,
    routes.magicLogin,
    ({ ctx, input, request }) =>
      requestMagicLink({
        ctx,
        input: { body: input.body, redirectTo: input.query.redirectTo, ip: request.ip },
      }),
    // Per address and client (and a looser cap per address) the service counts recent links in the database;
    // this caps one client (IP, IPv6 /64) hammering many addresses.
    { rateLimit: { max: app.config.magicLinkLimitPerIp, timeWindow: '15 minutes' } },
  );

  addRoute(app, routes.magicLoginCallback, async ({ ctx, input, reply }) => {
    try {
      const result = await consumeMagicLink({ ctx, input: { token: input.query.token } });
      setSessionCookies(reply, ctx.config, app.sessionSecret, result.sessionToken);
      return reply.redirect(result.redirect);
    } catch (error) {
      if (isAppError(error) && error.code === 'invalid_domain')
        return loginWithError(reply, 'invalid_domain');
      if (isAppError(error) && error.code === 'unauthorized') return loginWithError(reply, 'link_expired');
      throw error;
    }
  });

  const oidcRoutes = {
    google: { start: routes.googleStart, callback: routes.googleCallback },
    microsoft: { start: routes.microsoftStart, callback: routes.microsoftCallback },
  } as const;

  for (const provider of OIDC_PROVIDERS) {
    addRoute(app, oidcRoutes[provider].start, async ({ ctx, input, reply }) => {
      const settings = ctx.config.oidc[provider];
      if (!settings) return loginWithError(reply, `${provider}_not_configured`);
      try {
        const { url, flow } = await startOidc(ctx, provider, settings, {
          redirectTo: input.query.redirectTo,
          plan: input.query.plan,
          shopifyData: input.query.shopify_data,
        });
        reply.setCookie(OIDC_COOKIE, JSON.stringify(flow), {
          path: `/v1/auth/${provider}`,
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.config.secureCookies,
          signed: true,
          maxAge: 600,
        });
        return reply.redirect(url);
      } catch (error) {
        ctx.log.warn({ err: error, provider }, 'OpenID Connect discovery failed');
        return loginWithError(reply, `${provider}_failed`);
      }
    });

    addRoute(
      app,
      oidcRoutes[provider].callback,
      async ({ ctx, request, reply }) => {
        const settings = ctx.config.oidc[provider];
        if (!settings) return loginWithError(reply, `${provider}_not_configured`);
        const flow = readFlow(request.unsignCookie(request.cookies[OIDC_COOKIE] ?? ''), provider);
        reply.clearCookie(OIDC_COOKIE, { path: `/v1/auth/${provider}` });
        if (!flow) return loginWithError(reply, `${provider}_failed`);
        try {
          const current = new URL(request.url, ctx.config.publicUrl);
          const result = await finishOidc(ctx, settings, flow, current);
          setSessionCookies(reply, ctx.config, app.sessionSecret, result.sessionToken);
          return reply.redirect(result.redirect);
        } catch (error) {
          if (isAppError(error) && error.code === 'invalid_domain') {
            return loginWithError(reply, 'invalid_domain');
          }
          ctx.log.warn({ err: error, provider }, 'OpenID Connect sign-in failed');
          return loginWithError(reply, `${provider}_failed`);
        }
      },
      // The provider vouches for the address, so no per-address count (nothing a stranger could exhaust);
      // one client replaying callbacks is held back like one asking for links.
      { rateLimit: { max: app.config.magicLinkLimitPerIp, timeWindow: '15 minutes' } },
    );
  }
}

function readFlow(
  cookie: { valid: boolean; value: string | null },
  provider: OidcProvider,
): OidcFlowState | null {
  if (!cookie.valid || !cookie.value) return null;
  try {
    const flow = JSON.parse(cookie.value) as OidcFlowState;
    return flow.provider === provider ? flow : null;
  } catch {
    return null;
  }
}
