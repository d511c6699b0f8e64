/**
 * The Tidemark collector: page views, JS errors, failed requests and assets, failed beacons and conversions,
 * batched into one compact payload (see README) and sent with sendBeacon when the page is hidden or a batch
 * fills. No dependencies, no cookies, never reads form fields.
 */

export const PAYLOAD_VERSION = 1;
/** A batch this long is sent at once; page hide sends whatever is left. */
export const MAX_BATCH = 25;
/** A page stuck in an error loop stops recording after this many errors. */
export const MAX_ERRORS_PER_PAGE = 100;
/** Share of each error type kept when the site's sampling preference is unknown (spec 1 §3). */
export const DEFAULT_SAMPLING = 0.1;
export const LIMITS = { message: 500, stack: 2000, url: 500, body: 60_000 } as const;

/** pv page view, js script error, net failed request, ast failed asset, bcn failed beacon, cv conversion. */
export type EventType = 'pv' | 'js' | 'net' | 'ast' | 'bcn' | 'cv';
export type ErrorType = 'js' | 'net' | 'ast' | 'bcn';
export type Sampling = Record<ErrorType, number>;

export interface CollectedEvent {
  y: EventType;
  t: number;
  p: string;
  [field: string]: unknown;
}

export interface Payload {
  v: number;
  k: string;
  s: string;
  e: CollectedEvent[];
}

export interface CollectorOptions {
  key: string;
  /** Origin of the Tidemark server, e.g. https://app.tidemark.example */
  endpoint: string;
  keepQuery?: boolean;
  /** Known rates; when absent they are fetched from the server once per tab. */
  sampling?: Partial<Sampling>;
  random?: () => number;
  now?: () => number;
}

export interface Collector {
  flush(): void;
  /** Events waiting to be sent (tests). */
  readonly queue: ReadonlyArray<CollectedEvent>;
  readonly sessionId: string;
  sampling: Sampling;
}

type Win = Window & typeof globalThis;
type Queued = CollectedEvent & { r?: number };

const cut = (value: unknown, max: number): string | undefined =>
  value === undefined || value === null ? undefined : String(value).slice(0, max);

/** Origin and path only (query and fragment dropped unless kept); non-http URLs keep just their scheme. */
export function stripUrl(url: string, base: string, keepQuery = false): string {
  let u: URL;
  try {
    u = new URL(url, base);
  } catch {
    return '';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return u.protocol;
  return (u.origin + u.pathname + (keepQuery ? u.search : '')).slice(0, LIMITS.url);
}

// A URL inside free text (stack frames, messages) keeps its path and any :line:column, not its query or fragment.
const URL_QUERY = /(https?:\/\/[^\s?#)]*)[?#][^\s)]*?(?=(?::\d+){1,2}(?:[\s)]|$)|[\s)]|$)/g;
export const stripUrlsIn = (text: string): string => text.replace(URL_QUERY, '$1');

function storage(win: Win): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/** One id per tab, kept across its page loads in sessionStorage; in memory when storage is blocked. */
export function sessionIdFor(win: Win): string {
  const ss = storage(win);
  try {
    const known = ss && ss.getItem('tm_sid');
    if (known) return known;
  } catch {
    // blocked storage: fall through to a fresh id
  }
  const bytes = new Uint8Array(8);
  win.crypto.getRandomValues(bytes);
  let id = '';
  bytes.forEach((b) => (id += (b + 256).toString(16).slice(1)));
  try {
    if (ss) ss.setItem('tm_sid', id);
  } catch {
    // quota or privacy mode
  }
  return id;
}

const rate = (value: unknown): number | undefined =>
  typeof value === 'number' && value >= 0 && value <= 1 ? value : undefined;

export function startCollector(win: Win, o: CollectorOptions): Collector {
  const doc = win.document;
  const nav = win.navigator;
  const random = o.random || Math.random;
  const now = o.now || Date.now;
  const collectUrl = o.endpoint + '/v1/collect?key=' + encodeURIComponent(o.key);
  const strip = (url: string) => stripUrl(url, win.location.href, o.keepQuery);
  const own = (url: string) => strip(url).indexOf(o.endpoint + '/v1/collect') === 0;
  const originalFetch = win.fetch;
  const originalBeacon = nav.sendBeacon;
  const queue: Queued[] = [];
  const sessionId = sessionIdFor(win);
  let errors = 0;
  let page = '';
  /** While the snippet's early errors are replayed: the time each happened. */
  let replayedAt = 0;

  const c: Collector = {
    flush,
    queue,
    sessionId,
    sampling: { js: DEFAULT_SAMPLING, net: DEFAULT_SAMPLING, ast: DEFAULT_SAMPLING, bcn: DEFAULT_SAMPLING },
  };
  applySampling(o.sampling);

  function applySampling(s: Partial<Sampling> | undefined) {
    if (!s) return;
    for (const k of ['js', 'net', 'ast', 'bcn'] as const) {
      const r = rate(s[k]);
      if (r !== undefined) c.sampling[k] = r;
    }
  }

  function push(e: Queued) {
    queue.push(e);
    if (queue.length >= MAX_BATCH) flush();
  }

  // The sampling draw is made now and compared at send time, so rates fetched later still apply.
  function error(y: ErrorType, fields: Record<string, unknown>) {
    if (errors++ >= MAX_ERRORS_PER_PAGE) return;
    push({ y, t: replayedAt || now(), p: page, r: random(), ...fields });
  }

  function flush() {
    const events: CollectedEvent[] = [];
    for (const e of queue.splice(0)) {
      if (e.r === undefined) {
        events.push(e);
        continue;
      }
      const sr = c.sampling[e.y as ErrorType];
      if (e.r >= sr) continue;
      delete e.r;
      e.sr = sr;
      events.push(e);
    }
    if (events.length) send(events);
  }

  function send(events: CollectedEvent[]) {
    const body = JSON.stringify({ v: PAYLOAD_VERSION, k: o.key, s: sessionId, e: events } as Payload);
    // Browsers refuse beacons over 64 KB: halve until each part fits.
    if (body.length > LIMITS.body && events.length > 1) {
      const half = events.length >> 1;
      send(events.slice(0, half));
      send(events.slice(half));
      return;
    }
    let sent = false;
    try {
      sent = !!originalBeacon && originalBeacon.call(nav, collectUrl, body);
    } catch {
      // a throwing beacon (odd browsers, extensions) falls back to fetch below
    }
    if (!sent && originalFetch) {
      originalFetch
        .call(win, collectUrl, { method: 'POST', body, keepalive: true, credentials: 'omit' })
        .catch(() => undefined);
    }
  }

  function view() {
    const p = strip(win.location.href);
    if (p === page) return;
    const referrer = page || (doc.referrer ? strip(doc.referrer) : '');
    page = p;
    push({ y: 'pv', t: now(), p, rf: referrer || undefined });
  }

  function net(method: string, url: string, status: number, start: number) {
    if (own(url)) return;
    error('net', { mt: method.toUpperCase().slice(0, 10), u: strip(url), sc: status, d: now() - start });
  }

  function scriptError(kind: 'error' | 'rejection', message: unknown, err: unknown, extra?: object) {
    const e = (err && typeof err === 'object' ? err : {}) as { name?: unknown; stack?: unknown };
    const clean = (text: string | undefined) => (text && !o.keepQuery ? stripUrlsIn(text) : text);
    error('js', {
      k: kind,
      m: clean(cut(message, LIMITS.message)) || '',
      n: cut(e.name, 100),
      st: clean(cut(e.stack, LIMITS.stack)),
      ...extra,
    });
  }

  // Capture phase on window sees both script errors and resource errors, which do not bubble.
  function onError(ev: Event) {
    const el = ev.target as HTMLElement | null;
    if (el && el !== (win as unknown) && el.tagName) {
      const tag = el.tagName;
      const link = tag === 'LINK' ? (el as HTMLLinkElement) : null;
      const g =
        tag === 'SCRIPT'
          ? 'script'
          : tag === 'IMG'
            ? 'image'
            : link && /stylesheet/i.test(link.rel)
              ? 'stylesheet'
              : link && link.getAttribute('as') === 'font'
                ? 'font'
                : '';
      if (!g) return;
      const src =
        (el as HTMLImageElement).currentSrc || el.getAttribute('src') || el.getAttribute('href') || '';
      error('ast', { g, u: strip(src) });
      return;
    }
    const e = ev as ErrorEvent;
    scriptError('error', e.message || (e.error && e.error.message), e.error, {
      f: e.filename ? strip(e.filename) : undefined,
      l: e.lineno || undefined,
      c: e.colno || undefined,
    });
  }
  function onRejection(ev: PromiseRejectionEvent) {
    const reason = ev.reason as { message?: unknown } | unknown;
    let message: unknown = reason;
    if (reason && typeof reason === 'object') {
      message = (reason as { message?: unknown }).message;
      if (message === undefined) {
        try {
          message = JSON.stringify(reason);
        } catch {
          message = 'Unhandled rejection';
        }
      }
    }
    scriptError('rejection', message, reason);
  }
  win.addEventListener('error', onError, true);
  win.addEventListener('unhandledrejection', onRejection);

  const fonts = doc.fonts as (FontFaceSet & EventTarget) | undefined;
  if (fonts && fonts.addEventListener) {
    fonts.addEventListener('loadingerror', (ev) => {
      for (const face of (ev as FontFaceSetLoadEvent).fontfaces) {
        error('ast', { g: 'font', u: cut(face.family, 200) });
      }
    });
  }

  if (originalFetch) {
    win.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method =
        (init && init.method) || (typeof input === 'object' && 'method' in input && input.method) || 'GET';
      const start = now();
      const result = originalFetch.call(win, input, init);
      result.then(
        (res) => {
          if (res.status >= 400) net(method, url, res.status, start);
        },
        (err: { name?: string }) => {
          // A request the page aborted on purpose is not a failure.
          if (!err || err.name !== 'AbortError') net(method, url, 0, start);
        },
      );
      return result;
    } as typeof fetch;
  }

  const Xhr = win.XMLHttpRequest;
  if (Xhr) {
    const requests = new WeakMap<XMLHttpRequest, [string, string]>();
    const open = Xhr.prototype.open;
    const xsend = Xhr.prototype.send;
    Xhr.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
      requests.set(this, [String(method), String(url)]);
      // eslint-disable-next-line prefer-rest-params
      return open.apply(this, arguments as unknown as Parameters<typeof open>);
    } as typeof open;
    Xhr.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      const request = requests.get(this);
      if (request) {
        const start = now();
        let aborted = false;
        this.addEventListener('abort', () => (aborted = true));
        this.addEventListener('loadend', () => {
          if (!aborted && (this.status === 0 || this.status >= 400))
            net(request[0], request[1], this.status, start);
        });
      }
      return xsend.call(this, body);
    };
  }

  if (originalBeacon) {
    nav.sendBeacon = function (url: string | URL, data?: BodyInit | null) {
      const ok = originalBeacon.call(nav, url, data);
      if (!ok && !own(String(url))) error('bcn', { u: strip(String(url)) });
      return ok;
    };
  }

  const history = win.history;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      view();
      return result;
    };
  }
  win.addEventListener('popstate', view);

  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') flush();
  });
  win.addEventListener('pagehide', flush);

  // `tidemark('purchase', { value, currency })`; calls made before the script loaded wait in tidemark.q.
  const api = win as unknown as {
    tidemark?: { q?: ArrayLike<unknown>[]; e?: Event[] } & ((...a: unknown[]) => void);
  };
  const early = (api.tidemark && api.tidemark.q) || [];
  // Errors the snippet caught while this script was still loading (a broken hero image, an early throw).
  const earlyErrors = (api.tidemark && api.tidemark.e) || [];
  const command = (name: unknown, data?: { value?: unknown; currency?: unknown }) => {
    if (name !== 'purchase' || !data) return;
    const value = Number(data.value);
    if (!isFinite(value) || value < 0) return;
    const currency = typeof data.currency === 'string' ? data.currency.slice(0, 3).toUpperCase() : undefined;
    push({ y: 'cv', t: now(), p: page, n: 'purchase', val: value, cur: currency });
  };
  api.tidemark = command as typeof api.tidemark;

  if (!o.sampling) loadSampling();
  view();
  for (const ev of earlyErrors) {
    const at = Math.round(win.performance.timeOrigin + ev.timeStamp);
    replayedAt = at > 0 && at <= now() ? at : 0;
    if (ev.type === 'unhandledrejection') onRejection(ev as PromiseRejectionEvent);
    else onError(ev);
  }
  replayedAt = 0;
  for (const call of early) command(call[0], call[1] as never);
  return c;

  /** The site's sampling rates, fetched once per tab (sessionStorage) so later pages apply them at once. */
  function loadSampling() {
    const ss = storage(win);
    try {
      const cached = ss && ss.getItem('tm_cfg');
      if (cached) return applySampling((JSON.parse(cached) as { s?: Partial<Sampling> }).s);
    } catch {
      // unreadable cache: fetch again
    }
    if (!originalFetch) return;
    originalFetch
      .call(win, o.endpoint + '/v1/collect/config?key=' + encodeURIComponent(o.key), { credentials: 'omit' })
      .then((res) => (res.ok ? res.json() : null))
      .then((config: { s?: Partial<Sampling> } | null) => {
        if (!config) return;
        applySampling(config.s);
        try {
          if (ss) ss.setItem('tm_cfg', JSON.stringify(config));
        } catch {
          // quota or privacy mode
        }
      })
      .catch(() => undefined);
  }
}
