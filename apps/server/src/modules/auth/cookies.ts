import type { FastifyReply } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '@tidemark/contract';
import type { Config } from '../../config/env';
import { csrfTokenFor, hashToken } from './tokens';

export const OIDC_COOKIE = 'tm_oidc';

export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  secret: string,
  sessionToken: string,
): void {
  const maxAge = config.sessionTtlDays * 86_400;
  reply.setCookie(SESSION_COOKIE, sessionToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge,
  });
  setCsrfCookie(reply, config, csrfTokenFor(secret, hashToken(sessionToken)));
}

/** The session's CSRF token, readable by our pages (not httpOnly) and echoed in a header on every change. */
export function setCsrfCookie(reply: FastifyReply, config: Config, csrfToken: string): void {
  reply.setCookie(CSRF_COOKIE, csrfToken, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: config.sessionTtlDays * 86_400,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}
