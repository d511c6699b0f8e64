import { createHmac, timingSafeEqual } from 'node:crypto';
import { errorBodyReason } from './shopify-api';
import { normaliseShopDomain, shopOrigin } from './shop-domain';

/**
 * The authorization code grant a public Shopify app goes through on install: send the merchant to the
 * shop's consent screen, check the signed callback, and trade its code for an offline access token.
 */

export type ShopifyOAuthErrorCode =
  | 'invalid_shop'
  | 'invalid_redirect_uri'
  | 'missing_hmac'
  | 'invalid_hmac'
  | 'state_mismatch'
  | 'expired'
  | 'missing_code'
  | 'exchange_failed';

export class ShopifyOAuthError extends Error {
  readonly code: ShopifyOAuthErrorCode;
  constructor(code: ShopifyOAuthErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ShopifyOAuthError';
    this.code = code;
  }
}

function requireShop(shop: string | undefined): string {
  const normalised = shop ? normaliseShopDomain(shop) : null;
  if (!normalised)
    throw new ShopifyOAuthError('invalid_shop', `"${shop ?? ''}" is not a myshopify.com shop address.`);
  return normalised;
}

export interface InstallUrlInput {
  shop: string;
  apiKey: string;
  scopes: readonly string[];
  redirectUri: string;
  /** A fresh random nonce the app keeps (in a signed cookie, say) and checks on the callback. */
  state: string;
  /** Ask for an online, per-user token instead of the offline token a sync needs. */
  perUser?: boolean;
  /** For tests: base URL that replaces https://{shop}. */
  endpoint?: string;
}

export function buildInstallUrl(input: InstallUrlInput): string {
  const shop = requireShop(input.shop);
  if (!URL.canParse(input.redirectUri)) {
    throw new ShopifyOAuthError('invalid_redirect_uri', `"${input.redirectUri}" is not an absolute URL.`);
  }
  const url = new URL('/admin/oauth/authorize', shopOrigin(shop, input.endpoint));
  url.searchParams.set('client_id', input.apiKey);
  url.searchParams.set('scope', input.scopes.join(','));
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  if (input.perUser) url.searchParams.append('grant_options[]', 'per-user');
  return url.toString();
}

/** A parsed query string (as Fastify gives it) or the raw one. */
export type CallbackQuery = string | Record<string, string | string[] | undefined>;

export interface VerifiedCallback {
  shop: string;
  code: string;
  /** Base64 of the shop's admin host, which embedded apps need; null when absent. */
  host: string | null;
  /** Seconds since the epoch when Shopify signed the redirect. */
  timestamp: number;
}

export interface CallbackExpectations {
  /** The state this browser was given with the install URL. */
  state: string;
  /** Reject callbacks signed longer ago than this (replays of a leaked URL). */
  maxAgeSeconds?: number;
  now?: Date;
}

function entriesOf(query: CallbackQuery): [string, string[]][] {
  const map = new Map<string, string[]>();
  const add = (key: string, value: string) => map.set(key, [...(map.get(key) ?? []), value]);
  if (typeof query === 'string') {
    for (const [k, v] of new URLSearchParams(query.replace(/^\?/, ''))) add(k, v);
  } else {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) add(k, item);
    }
  }
  return [...map];
}

/**
 * The message Shopify signs: every parameter but `hmac` (and the legacy `signature`), sorted by name,
 * as `name=value` joined by `&`, with `%` and `&` escaped, and `=` too in names. A repeated `ids[]`
 * parameter is signed as `ids=["1", "2"]`.
 */
export function callbackMessage(entries: readonly [string, string[]][]): string {
  const escape = (s: string) => s.replace(/%/g, '%25').replace(/&/g, '%26');
  return entries
    .filter(([k]) => k !== 'hmac' && k !== 'signature')
    .map(([key, values]): [string, string] => {
      const isList = key.endsWith('[]');
      const name = escape(isList ? key.slice(0, -2) : key).replace(/=/g, '%3D');
      const value = isList ? `[${values.map((v) => `"${v}"`).join(', ')}]` : (values.at(-1) ?? '');
      return [name, escape(value)];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function sameDigest(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(givenHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}

const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Checks the redirect back from Shopify; throws ShopifyOAuthError with the reason when anything is off. */
export function verifyCallback(
  query: CallbackQuery,
  apiSecret: string,
  expected: CallbackExpectations,
): VerifiedCallback {
  const entries = entriesOf(query);
  const value = (key: string): string | undefined => entries.find(([k]) => k === key)?.[1].at(-1);
  const hmac = value('hmac');
  if (!hmac) throw new ShopifyOAuthError('missing_hmac', 'The callback carries no hmac signature.');
  const digest = createHmac('sha256', apiSecret).update(callbackMessage(entries)).digest('hex');
  if (!sameDigest(digest, hmac)) {
    throw new ShopifyOAuthError('invalid_hmac', "The callback's hmac signature does not match.");
  }
  const state = value('state');
  if (!state || !safeEqual(state, expected.state)) {
    throw new ShopifyOAuthError(
      'state_mismatch',
      'The callback does not belong to the install this browser started.',
    );
  }
  const shop = requireShop(value('shop'));
  const timestamp = Number(value('timestamp'));
  if (expected.maxAgeSeconds !== undefined) {
    const now = (expected.now ?? new Date()).getTime() / 1000;
    if (!Number.isFinite(timestamp) || now - timestamp > expected.maxAgeSeconds) {
      throw new ShopifyOAuthError('expired', 'The callback is too old; start the install again.');
    }
  }
  const code = value('code');
  if (!code) throw new ShopifyOAuthError('missing_code', 'The callback carries no authorization code.');
  return { shop, code, host: value('host') ?? null, timestamp };
}

export interface ExchangeCodeInput {
  shop: string;
  apiKey: string;
  apiSecret: string;
  code: string;
  /** For tests: base URL that replaces https://{shop}. */
  endpoint?: string;
}

export interface ShopifyAccessGrant {
  accessToken: string;
  /** Granted scopes, comma separated, e.g. 'read_orders,read_customers'. */
  scope: string;
}

/** Trades the callback's one-time code for the shop's offline access token. */
export async function exchangeCode(input: ExchangeCodeInput): Promise<ShopifyAccessGrant> {
  const shop = requireShop(input.shop);
  let response: Response;
  try {
    response = await fetch(`${shopOrigin(shop, input.endpoint)}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ client_id: input.apiKey, client_secret: input.apiSecret, code: input.code }),
    });
  } catch (error) {
    throw new ShopifyOAuthError('exchange_failed', `Could not reach ${shop}.`, { cause: error });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Reported below with the status.
  }
  if (!response.ok) {
    const reason = errorBodyReason(body) ?? `HTTP ${response.status}`;
    throw new ShopifyOAuthError('exchange_failed', `Shopify refused the authorization code: ${reason}`);
  }
  const { access_token: accessToken, scope } = (body ?? {}) as { access_token?: unknown; scope?: unknown };
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new ShopifyOAuthError('exchange_failed', 'Shopify answered without an access token.');
  }
  return { accessToken, scope: typeof scope === 'string' ? scope : '' };
}
