import { isIP } from 'node:net';

/**
 * Allowed domains of the collector (as error trackers have them): a beacon is kept when the host of its page
 * (the Origin header, else the Referer's) is an allowed domain or a subdomain of one.
 */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name as typed or pasted (a URL, `*.shop.example`, a port): its lower-case host, or null. */
export function normaliseDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (text.startsWith('*.')) text = text.slice(2);
  if (!text || /[\s\\@]/.test(text)) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '');
  if (host.length > 253) return null;
  if (host === 'localhost' || isIP(host) === 4) return host;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return null;
  return host;
}

/** The store URL's domain, without a leading `www.`, so the shop's other subdomains (checkout.…) count too. */
export function storeDomainOf(storeUrl: string | null): string | null {
  if (!storeUrl) return null;
  const host = normaliseDomain(storeUrl);
  return host?.startsWith('www.') ? host.slice(4) : host;
}

/** The host of the page that sent a beacon: its Origin, else its Referer; null when neither names one. */
export function pageHostOf(origin: string | undefined, referer: string | undefined): string | null {
  for (const value of [origin, referer]) {
    if (!value || value === 'null') continue;
    try {
      const host = new URL(value).hostname.toLowerCase().replace(/\.$/, '');
      if (host) return host;
    } catch {
      // not a URL: try the next header
    }
  }
  return null;
}

/**
 * Whether a beacon from this page host is kept. With no allowed domain at all every site is (nobody loses
 * data silently; the settings say so); otherwise a beacon that names no page (a server-side post) is not.
 */
export function isAllowedHost(host: string | null, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  if (!host) return false;
  return allowed.some((d) => host === d || host.endsWith(`.${d}`));
}
