import {
  COLLECT_FIELD_LIMITS as LIMITS,
  COLLECT_MAX_EVENTS,
  COLLECT_PAYLOAD_VERSION,
  type BrowserErrorSubType,
  type SiteEventKind,
} from '@tidemark/contract';
import { fingerprintOf } from './fingerprint';

/** One event as stored: everything the browser sent is bounded, typed and stripped of control characters. */
export interface SiteEvent {
  occurredAt: Date;
  kind: SiteEventKind;
  subType: BrowserErrorSubType | null;
  page: string;
  fingerprint: string | null;
  message: string | null;
  detail: Record<string, string | number> | null;
  sampleRate: number;
  value: number | null;
  currency: string | null;
}

export interface ParsedBatch {
  sessionId: string;
  events: SiteEvent[];
  /** Events of unknown type or without a page: skipped, not refused, so newer collectors still land. */
  dropped: number;
}

export type PayloadError = 'malformed' | 'version';

const SUB_TYPES: Record<string, BrowserErrorSubType> = {
  js: 'js',
  net: 'network',
  ast: 'asset',
  bcn: 'beacon',
};
// Clocks in browsers are often wrong: a time far from the server's is replaced by the time of receipt.
const MAX_PAST_MS = 24 * 3_600_000;
const MAX_FUTURE_MS = 5 * 60_000;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

// The collector already drops them; a collector told to keep queries, or an old one, must not store them in text.
const URL_QUERY = /(https?:\/\/[^\s?#)]*)[?#][^\s)]*?(?=(?::\d+){1,2}(?:[\s)]|$)|[\s)]|$)/g;

/** Free text (messages, stacks) with every URL's query and fragment dropped. */
function prose(value: unknown, max: number): string | null {
  const s = text(value, max);
  return s && s.replace(URL_QUERY, '$1');
}

function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const s = String(value).replace(CONTROL, '').slice(0, max);
  return s.length ? s : null;
}

/** Query and fragment are dropped on the server too, in case a collector was told to keep them. */
function url(value: unknown): string | null {
  const s = text(value, LIMITS.url * 2);
  if (!s) return null;
  return s.split(/[?#]/, 1)[0]!.slice(0, LIMITS.url) || null;
}

const int = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;

function detailOf(
  y: string,
  e: Record<string, unknown>,
): { message: string; detail: Record<string, string | number> } {
  const detail: Record<string, string | number> = {};
  const put = (key: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined) detail[key] = value;
  };
  if (y === 'js') {
    const message = prose(e.m, LIMITS.message) ?? 'Unknown error';
    put('kind', e.k === 'rejection' ? 'unhandledrejection' : 'error');
    put('name', text(e.n, LIMITS.name));
    put('stack', prose(e.st, LIMITS.stack));
    put('file', url(e.f));
    put('line', int(e.l, 0, 10_000_000));
    put('column', int(e.c, 0, 10_000_000));
    return { message, detail };
  }
  if (y === 'net') {
    const status = int(e.sc, 0, 999) ?? 0;
    const method = (text(e.mt, 10) ?? 'GET').toUpperCase();
    const target = url(e.u) ?? '';
    put('method', method);
    put('url', target);
    put('status', status);
    put('duration_ms', int(e.d, 0, 86_400_000));
    put('failure', status === 0 ? 'network' : 'http');
    return { message: `${method} ${target} ${status === 0 ? 'network error' : status}`, detail };
  }
  if (y === 'ast') {
    const tag = text(e.g, 20) ?? 'asset';
    const target = url(e.u) ?? text(e.u, LIMITS.name) ?? '';
    put('asset', tag);
    put('url', target);
    return { message: `${tag} failed to load: ${target}`, detail };
  }
  const target = url(e.u) ?? '';
  put('url', target);
  return { message: `beacon refused: ${target}`, detail };
}

/**
 * Parses the collector's payload (version 1, see packages/collector/README.md). Structure errors refuse the
 * batch; a bad event inside a good batch is skipped.
 */
export function parsePayload(body: string, now = Date.now()): ParsedBatch | PayloadError {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return 'malformed';
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'malformed';
  const p = raw as Record<string, unknown>;
  if (p.v !== COLLECT_PAYLOAD_VERSION) return typeof p.v === 'number' ? 'version' : 'malformed';
  if (typeof p.s !== 'string' || !/^[\w-]{1,64}$/.test(p.s)) return 'malformed';
  if (!Array.isArray(p.e) || p.e.length === 0 || p.e.length > COLLECT_MAX_EVENTS) return 'malformed';
  const events: SiteEvent[] = [];
  let dropped = 0;
  for (const item of p.e as unknown[]) {
    const event =
      item && typeof item === 'object' && !Array.isArray(item)
        ? eventOf(item as Record<string, unknown>, now)
        : null;
    if (event) events.push(event);
    else dropped++;
  }
  return { sessionId: p.s, events, dropped };
}

function eventOf(e: Record<string, unknown>, now: number): SiteEvent | null {
  const y = e.y;
  const page = url(e.p);
  if (typeof y !== 'string' || !page) return null;
  const t = typeof e.t === 'number' && e.t > now - MAX_PAST_MS && e.t < now + MAX_FUTURE_MS ? e.t : now;
  const base = {
    occurredAt: new Date(t),
    page,
    fingerprint: null,
    message: null,
    detail: null,
    sampleRate: 1,
  };
  if (y === 'pv') {
    const referrer = url(e.rf);
    return {
      ...base,
      kind: 'pageview',
      subType: null,
      detail: referrer ? { referrer } : null,
      value: null,
      currency: null,
    };
  }
  if (y === 'cv') {
    const value =
      typeof e.val === 'number' && Number.isFinite(e.val) && e.val >= 0 && e.val < 1e12 ? e.val : null;
    if (value === null) return null;
    const currency = typeof e.cur === 'string' && /^[A-Za-z]{3}$/.test(e.cur) ? e.cur.toUpperCase() : null;
    return { ...base, kind: 'conversion', subType: null, message: 'purchase', value, currency };
  }
  const subType = SUB_TYPES[y];
  if (!subType) return null;
  const sr = typeof e.sr === 'number' && e.sr > 0 && e.sr <= 1 ? e.sr : 1;
  const { message, detail } = detailOf(y, e);
  return {
    ...base,
    kind: 'error',
    subType,
    message,
    detail,
    fingerprint: fingerprintOf(subType, { message, detail, page }),
    sampleRate: sr,
    value: null,
    currency: null,
  };
}
