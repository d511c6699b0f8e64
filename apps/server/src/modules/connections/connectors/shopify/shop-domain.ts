/**
 * A shop is addressed by its permanent `*.myshopify.com` hostname: the Admin API and the OAuth
 * endpoints live there, and accepting any other host would let a crafted install link send the app's
 * credentials somewhere else.
 */
const MYSHOPIFY_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** Lower-cases and strips a scheme or trailing slash users paste along; null when it is not a shop hostname. */
export function normaliseShopDomain(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
  return MYSHOPIFY_HOST.test(host) ? host : null;
}

/** The base URL requests go to: the shop itself, or the test endpoint standing in for it. */
export const shopOrigin = (shop: string, endpoint?: string): string =>
  endpoint ? endpoint.replace(/\/+$/, '') : `https://${shop}`;
