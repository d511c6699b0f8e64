import type { FastifyReply } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '@tidemark/contract';
import type { Config } from '../../config/env';
import { newToken } from './tokens';

export const OIDC_COOKIE = 'tm_oidc';

export function setSessionCookies(reply: FastifyReply, config: Config, sessionToken: string): void {
  const maxAge = config.sessionTtlDays * 86_400;
  reply.setCookie(SESSION_COOKIE, sessionToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge,
  });
  setCsrfCookie(reply, config);
}

/** Double-submit token: readable by our pages (not httpOnly) and echoed in a header on every change. */
export function setCsrfCookie(reply: FastifyReply, config: Config): void {
  reply.setCookie(CSRF_COOKIE, newToken(), {
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
