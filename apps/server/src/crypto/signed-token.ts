import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived bearer tokens the server issues and later checks without storing them (the explorer's signed
 * URLs): `base64url(JSON payload) . base64url(HMAC-SHA256)`. Each purpose signs under its own key derived
 * from the server secret, so a token made for one purpose (or a CSRF token) never passes as another.
 */

export type TokenCheck<T> =
  { ok: true; payload: T } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

const MAX_TOKEN_LENGTH = 4096;

function keyFor(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`tidemark-signed-token:${purpose}`).digest();
}

function mac(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(body).digest();
}

/** Signs `payload` with an expiry (`exp`, seconds since the epoch) added. */
export function signToken(
  secret: string,
  purpose: string,
  payload: Record<string, unknown>,
  ttlSeconds: number,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const body = Buffer.from(JSON.stringify({ ...payload, exp })).toString('base64url');
  const signature = mac(keyFor(secret, purpose), body).toString('base64url');
  return { token: `${body}.${signature}`, expiresAt: new Date(exp * 1000) };
}

/**
 * Checks the signature first (in constant time), then the expiry; the payload's shape is the caller's to
 * validate. A token that fails never reveals its payload.
 */
export function verifyToken<T = unknown>(
  secret: string,
  purpose: string,
  token: string,
  now = Date.now(),
): TokenCheck<T> {
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]!) || !/^[\w-]+$/.test(parts[1]!))
    return { ok: false, reason: 'malformed' };
  const [body, signature] = parts as [string, string];
  const expected = mac(keyFor(secret, purpose), body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad_signature' };
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof payload !== 'object' || payload === null) return { ok: false, reason: 'malformed' };
  const exp = (payload as { exp?: unknown }).exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return { ok: false, reason: 'malformed' };
  if (now >= exp * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, payload: payload as T };
}
