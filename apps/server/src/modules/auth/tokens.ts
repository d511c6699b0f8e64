import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits from the OS generator, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as hashes, so a leaked table opens no session. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The CSRF token of a session: an HMAC of its id under the server secret, so a token works only with the
 * session it was issued for and an attacker cannot choose a cookie/header pair of their own.
 */
export const csrfTokenFor = (secret: string, sessionHash: string): string =>
  createHmac('sha256', secret).update(`csrf:${sessionHash}`).digest('base64url');
