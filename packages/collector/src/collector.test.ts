import { JSDOM } from 'jsdom';
import { COLLECTOR_STUB } from '../../contract/src/events';
import { describe, expect, it, vi } from 'vitest';
import {
  LIMITS,
  MAX_BATCH,
  MAX_ERRORS_PER_PAGE,
  startCollector,
  stripUrl,
  stripUrlsIn,
  type CollectedEvent,
  type CollectorOptions,
  type Payload,
} from './collector';

type Win = Window & typeof globalThis;
const ENDPOINT = 'https://tidemark.example';

/** A fresh page with fetch, sendBeacon and XHR replaced by recorders, then the collector started on it. */
function setup(
  options: Partial<CollectorOptions> & {
    url?: string;
    referrer?: string;
    html?: string;
    fetch?: (url: string, init?: RequestInit) => Promise<Response>;
    beacon?: (url: string, body: unknown) => boolean;
    before?: (win: Win) => void;
  } = {},
) {
  const dom = new JSDOM(options.html ?? '<!doctype html><body></body>', {
    runScripts: 'outside-only',
    url: options.url ?? 'https://shop.example/products/42?utm_source=mail&email=a@b.c#reviews',
    referrer: options.referrer ?? 'https://search.example/results?q=shoes',
  });
  const win = dom.window as unknown as Win;
  const beacons: Payload[] = [];
  const beaconUrls: string[] = [];
  const fetches: Array<{ url: string; init?: RequestInit }> = [];
  Object.defineProperty(win.navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: (url: string, body: unknown) => {
      if (options.beacon) return options.beacon(url, body);
      beaconUrls.push(url);
      beacons.push(JSON.parse(String(body)) as Payload);
      return true;
    },
  });
  win.fetch = ((url: string, init?: RequestInit) => {
    fetches.push({ url: String(url), ...(init ? { init } : {}) });
    return options.fetch ? options.fetch(String(url), init) : Promise.resolve(new Response('{}'));
  }) as typeof fetch;
  options.before?.(win);
  const collector = startCollector(win, {
    key: 'site_abc',
    endpoint: ENDPOINT,
    sampling: { js: 1, net: 1, ast: 1, bcn: 1 },
    random: () => 0.5,
    ...options,
  });
  const sent = (): CollectedEvent[] => beacons.flatMap((b) => b.e);
  const hide = () => {
    Object.defineProperty(win.document, 'visibilityState', { configurable: true, value: 'hidden' });
    win.document.dispatchEvent(new win.Event('visibilitychange'));
  };
  return { dom, win, collector, beacons, beaconUrls, fetches, sent, hide };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('collector', () => {
  describe('URLs', () => {
    it('strips query strings and fragments by default and keeps the query only when asked', () => {
      const base = 'https://shop.example/';
      expect(stripUrl('/cart?coupon=X#top', base)).toBe('https://shop.example/cart');
      expect(stripUrl('/cart?coupon=X#top', base, true)).toBe('https://shop.example/cart?coupon=X');
      expect(stripUrl('data:image/png;base64,AAAA', base)).toBe('data:');
      expect(stripUrl('http://[bad', base)).toBe('');
      expect(stripUrl('/' + 'a'.repeat(2000), base)).toHaveLength(LIMITS.url);
    });

    it('drops query strings and fragments from URLs inside stacks and messages, keeping line and column', () => {
      expect(
        stripUrlsIn(
          'at onclick (https://shop.example/p/42?email=a%40b.c&t=1#reviews:7:70)\n at https://cdn.example/app.js?v=3:1:2 ' +
            'fetch https://api.example/x?token=abc failed',
        ),
      ).toBe(
        'at onclick (https://shop.example/p/42:7:70)\n at https://cdn.example/app.js:1:2 fetch https://api.example/x failed',
      );
    });

    it('records the page and its referrer without their query strings', () => {
      const { collector } = setup();
      expect(collector.queue).toEqual([
        expect.objectContaining({
          y: 'pv',
          p: 'https://shop.example/products/42',
          rf: 'https://search.example/results',
        }),
      ]);
      expect(JSON.stringify(collector.queue)).not.toMatch(/utm_source|email|reviews|shoes/);
    });
  });

  describe('page views', () => {
    it('counts single-page navigations by pushState, replaceState and popstate, once per path', () => {
      const { win, collector } = setup();
      win.history.pushState({}, '', '/cart?step=1');
      win.history.replaceState({}, '', '/cart?step=2');
      win.history.replaceState({}, '', '/checkout');
      win.history.back();
      win.dispatchEvent(new win.PopStateEvent('popstate'));
      const views = collector.queue.filter((e) => e.y === 'pv');
      expect(views.map((e) => [e.p, e.rf])).toEqual([
        ['https://shop.example/products/42', 'https://search.example/results'],
        ['https://shop.example/cart', 'https://shop.example/products/42'],
        ['https://shop.example/checkout', 'https://shop.example/cart'],
      ]);
    });

    it('keeps every page view even when error sampling keeps nothing', () => {
      const { win, collector, sent, hide } = setup({ sampling: { js: 0, net: 0, ast: 0, bcn: 0 } });
      win.history.pushState({}, '', '/cart');
      win.dispatchEvent(new win.ErrorEvent('error', { message: 'boom' }));
      hide();
      expect(collector.queue).toHaveLength(0);
      expect(sent().map((e) => e.y)).toEqual(['pv', 'pv']);
    });
  });

  describe('script errors', () => {
    it('records an error event with its message, name, stack and file', () => {
      const { win, collector } = setup();
      const error = new win.Error('x is undefined');
      error.name = 'TypeError';
      win.dispatchEvent(
        new win.ErrorEvent('error', {
          message: 'Uncaught TypeError: x is undefined',
          error,
          filename: 'https://shop.example/app.js?v=3',
          lineno: 10,
          colno: 4,
        }),
      );
      expect(collector.queue.at(-1)).toMatchObject({
        y: 'js',
        k: 'error',
        p: 'https://shop.example/products/42',
        m: 'Uncaught TypeError: x is undefined',
        n: 'TypeError',
        f: 'https://shop.example/app.js',
        l: 10,
        c: 4,
      });
      expect(String(collector.queue.at(-1)?.st)).toContain('x is undefined');
    });

    it('records unhandled rejections with an Error, a string or an object reason', () => {
      const { win, collector } = setup();
      for (const reason of [new win.Error('payment declined'), 'plain text', { code: 42 }]) {
        const ev = new win.Event('unhandledrejection');
        Object.assign(ev, { reason });
        win.dispatchEvent(ev);
      }
      const rejections = collector.queue.filter((e) => e.y === 'js');
      expect(rejections.map((e) => [e.k, e.m])).toEqual([
        ['rejection', 'payment declined'],
        ['rejection', 'plain text'],
        ['rejection', '{"code":42}'],
      ]);
    });

    it('truncates huge messages and stacks', () => {
      const { win, collector } = setup();
      const error = new win.Error('m'.repeat(10_000));
      error.stack = 's'.repeat(50_000);
      win.dispatchEvent(new win.ErrorEvent('error', { message: error.message, error }));
      const last = collector.queue.at(-1)!;
      expect(String(last.m)).toHaveLength(LIMITS.message);
      expect(String(last.st)).toHaveLength(LIMITS.stack);
    });

    it(`stops recording after ${MAX_ERRORS_PER_PAGE} errors on one page`, () => {
      const { win, sent, hide } = setup();
      for (let i = 0; i < MAX_ERRORS_PER_PAGE + 50; i++) {
        win.dispatchEvent(new win.ErrorEvent('error', { message: `loop ${i}` }));
      }
      hide();
      expect(sent().filter((e) => e.y === 'js')).toHaveLength(MAX_ERRORS_PER_PAGE);
    });
  });

  describe('failed requests', () => {
    it('tells fetch network errors (no response) from HTTP 4xx/5xx, and ignores successes and aborts', async () => {
      const answers: Record<string, () => Promise<Response>> = {
        '/api/ok': () => Promise.resolve(new Response('ok', { status: 200 })),
        '/api/pay?card=4242': () => Promise.resolve(new Response('no', { status: 502 })),
        '/api/missing': () => Promise.resolve(new Response('no', { status: 404 })),
        'https://cdn.example/down': () => Promise.reject(new TypeError('Failed to fetch')),
        '/api/slow': () => Promise.reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
      };
      const { win, collector } = setup({ fetch: (url) => answers[url]!() });
      for (const url of Object.keys(answers)) {
        await win
          .fetch(url, { method: url === '/api/pay?card=4242' ? 'post' : 'GET' })
          .catch(() => undefined);
      }
      await settle();
      const failures = collector.queue.filter((e) => e.y === 'net');
      expect(failures.map((e) => [e.mt, e.u, e.sc])).toEqual([
        ['POST', 'https://shop.example/api/pay', 502],
        ['GET', 'https://shop.example/api/missing', 404],
        ['GET', 'https://cdn.example/down', 0],
      ]);
    });

    it('passes the page its own fetch answers and rejections untouched', async () => {
      const { win } = setup({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
      await expect(win.fetch('/x')).rejects.toThrow('Failed to fetch');
    });

    it('tells XHR network errors from HTTP errors and ignores aborted requests', () => {
      const { win, collector } = setup({
        before: (w) => {
          class FakeXhr extends w.EventTarget {
            status = 0;
            open(_method: string, url: string) {
              this.status = url.includes('500') ? 500 : url.includes('ok') ? 200 : 0;
            }
            send() {
              if (this.status === 0 && (this as unknown as { aborting?: boolean }).aborting) {
                this.dispatchEvent(new w.Event('abort'));
              }
              this.dispatchEvent(new w.Event('loadend'));
            }
          }
          (w as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
        },
      });
      for (const [method, url, aborting] of [
        ['GET', '/api/ok', false],
        ['PUT', '/api/500?id=1', false],
        ['GET', 'https://offline.example/x', false],
        ['GET', '/api/cancelled', true],
      ] as const) {
        const xhr = new win.XMLHttpRequest();
        Object.assign(xhr, { aborting });
        xhr.open(method, url);
        xhr.send();
      }
      expect(collector.queue.filter((e) => e.y === 'net').map((e) => [e.mt, e.u, e.sc])).toEqual([
        ['PUT', 'https://shop.example/api/500', 500],
        ['GET', 'https://offline.example/x', 0],
      ]);
    });

    it('never records its own calls to the collect endpoint', async () => {
      const { win, collector } = setup({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
      await win.fetch(`${ENDPOINT}/v1/collect?key=site_abc`).catch(() => undefined);
      await settle();
      expect(collector.queue.filter((e) => e.y === 'net')).toEqual([]);
    });
  });

  describe('failed assets and beacons', () => {
    it('records failed scripts, stylesheets, images and fonts through capture-phase error events', () => {
      const { win, collector } = setup();
      const doc = win.document;
      const add = (html: string) => {
        const holder = doc.createElement('div');
        holder.innerHTML = html;
        const el = holder.firstElementChild!;
        doc.body.appendChild(el);
        el.dispatchEvent(new win.Event('error'));
      };
      add('<script src="https://cdn.example/app.js?v=1"></script>');
      add('<link rel="stylesheet" href="/styles.css">');
      add('<img src="https://img.example/hero.jpg?w=800">');
      add('<link rel="preload" as="font" href="/fonts/inter.woff2">');
      add('<video src="/clip.mp4"></video>');
      expect(collector.queue.filter((e) => e.y === 'ast').map((e) => [e.g, e.u])).toEqual([
        ['script', 'https://cdn.example/app.js'],
        ['stylesheet', 'https://shop.example/styles.css'],
        ['image', 'https://img.example/hero.jpg'],
        ['font', 'https://shop.example/fonts/inter.woff2'],
      ]);
    });

    it("records the page's beacons that the browser refused, not its own", () => {
      const refused: string[] = [];
      const { win, collector } = setup({
        beacon: (url) => {
          refused.push(url);
          return false;
        },
      });
      win.navigator.sendBeacon('https://analytics.example/hit?uid=1', 'x');
      expect(collector.queue.filter((e) => e.y === 'bcn').map((e) => e.u)).toEqual([
        'https://analytics.example/hit',
      ]);
      expect(refused).toEqual(['https://analytics.example/hit?uid=1']);
    });
  });

  describe('sampling', () => {
    it('keeps an error when its draw is under its type rate and marks the rate it was kept at', () => {
      const draws = [0.05, 0.5, 0.05, 0.5];
      const { win, sent, hide } = setup({
        sampling: { js: 0.1, net: 0.2 },
        random: () => draws.shift() ?? 0.99,
      });
      for (let i = 0; i < 4; i++) win.dispatchEvent(new win.ErrorEvent('error', { message: `e${i}` }));
      hide();
      expect(
        sent()
          .filter((e) => e.y === 'js')
          .map((e) => [e.m, e.sr]),
      ).toEqual([
        ['e0', 0.1],
        ['e2', 0.1],
      ]);
    });

    it('defaults to 10% until the site rates arrive, then applies them to what is still queued', async () => {
      let answer: (r: Response) => void = () => undefined;
      const { win, collector, fetches, sent, hide } = setup({
        sampling: undefined,
        random: () => 0.3,
        fetch: (url) =>
          url.includes('/config')
            ? new Promise<Response>((resolve) => (answer = resolve))
            : Promise.resolve(new Response('')),
      });
      expect(fetches[0]?.url).toBe(`${ENDPOINT}/v1/collect/config?key=site_abc`);
      expect(collector.sampling.js).toBe(0.1);
      win.dispatchEvent(new win.ErrorEvent('error', { message: 'kept after config' }));
      answer(new Response(JSON.stringify({ v: 1, s: { js: 0.5, net: 2, ast: 'x' } })));
      await settle();
      await settle();
      expect(collector.sampling).toEqual({ js: 0.5, net: 0.1, ast: 0.1, bcn: 0.1 });
      expect(win.sessionStorage.getItem('tm_cfg')).toContain('"js":0.5');
      hide();
      expect(
        sent()
          .filter((e) => e.y === 'js')
          .map((e) => e.sr),
      ).toEqual([0.5]);
    });
  });

  describe('batching and sending', () => {
    it('sends a full batch at once as text with sendBeacon, and the rest on page hide', () => {
      const { win, beacons, beaconUrls, collector, hide } = setup();
      for (let i = 0; i < MAX_BATCH + 3; i++)
        win.dispatchEvent(new win.ErrorEvent('error', { message: `e${i}` }));
      expect(beacons).toHaveLength(1);
      expect(beacons[0]).toMatchObject({ v: 1, k: 'site_abc', s: collector.sessionId });
      expect(beacons[0]!.e).toHaveLength(MAX_BATCH);
      expect(beaconUrls[0]).toBe(`${ENDPOINT}/v1/collect?key=site_abc`);
      hide();
      expect(beacons).toHaveLength(2);
      expect(beacons[1]!.e).toHaveLength(4);
      win.dispatchEvent(new win.Event('pagehide'));
      expect(beacons).toHaveLength(2);
    });

    it('splits a batch too large for one beacon', () => {
      const { win, beacons, hide } = setup();
      for (let i = 0; i < MAX_BATCH - 2; i++) {
        const error = new win.Error('m'.repeat(LIMITS.message));
        error.stack = 's'.repeat(LIMITS.stack) + i;
        win.dispatchEvent(new win.ErrorEvent('error', { message: error.message, error }));
      }
      hide();
      expect(beacons.length).toBeGreaterThan(1);
      expect(beacons.flatMap((b) => b.e)).toHaveLength(MAX_BATCH - 1);
      for (const b of beacons) expect(JSON.stringify(b).length).toBeLessThanOrEqual(LIMITS.body);
    });

    it('falls back to a keepalive fetch when the browser refuses the beacon', () => {
      const { fetches, hide } = setup({ beacon: () => false });
      hide();
      const post = fetches.find((f) => f.url.includes('/v1/collect?'));
      expect(post?.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
      expect(JSON.parse(String(post?.init?.body))).toMatchObject({ v: 1, e: [{ y: 'pv' }] });
    });
  });

  describe('privacy and session', () => {
    it('keeps one session id per tab in sessionStorage and sets no cookie', () => {
      const first = setup();
      const again = startCollector(first.win, { key: 'site_abc', endpoint: ENDPOINT, sampling: {} });
      expect(first.collector.sessionId).toMatch(/^[0-9a-f]{16}$/);
      expect(again.sessionId).toBe(first.collector.sessionId);
      expect(first.win.sessionStorage.getItem('tm_sid')).toBe(first.collector.sessionId);
      expect(first.win.document.cookie).toBe('');
    });

    it('never reads form values, even when an error happens inside a form', () => {
      const read = vi.fn();
      const { win, sent, hide } = setup({
        html: '<form><input id="card" name="card"><textarea id="note"></textarea></form>',
        before: (w) => {
          for (const proto of [w.HTMLInputElement.prototype, w.HTMLTextAreaElement.prototype]) {
            Object.defineProperty(proto, 'value', { configurable: true, get: read, set: read });
          }
        },
      });
      const input = win.document.getElementById('card')!;
      input.dispatchEvent(new win.ErrorEvent('error', { message: 'in form', bubbles: true }));
      win.dispatchEvent(new win.ErrorEvent('error', { message: 'page' }));
      hide();
      expect(read).not.toHaveBeenCalled();
      expect(sent().length).toBeGreaterThan(0);
    });
  });

  describe('before the script loaded', () => {
    it('takes over the errors and failed assets the inline snippet queued', () => {
      const { collector } = setup({
        before: (w) => {
          w.eval(COLLECTOR_STUB);
          const img = w.document.createElement('img');
          img.setAttribute('src', '/hero.png?w=1');
          w.document.body.appendChild(img);
          img.dispatchEvent(new w.Event('error'));
          w.dispatchEvent(new w.ErrorEvent('error', { message: 'early throw' }));
        },
      });
      expect(collector.queue.map((e) => [e.y, e.g ?? e.m, e.p])).toEqual([
        ['pv', undefined, 'https://shop.example/products/42'],
        ['ast', 'image', 'https://shop.example/products/42'],
        ['js', 'early throw', 'https://shop.example/products/42'],
      ]);
      // Each keeps the time it happened, not the time the collector started.
      for (const e of collector.queue) expect(Math.abs(e.t - Date.now())).toBeLessThan(60_000);
    });
  });

  describe('conversions', () => {
    it("records tidemark('purchase', { value, currency }), including calls queued before the script loaded", () => {
      const { win, collector } = setup({
        before: (w) => {
          (w as unknown as { tidemark: { q: unknown[] } }).tidemark = {
            q: [['purchase', { value: 19.5, currency: 'eur' }]],
          };
        },
      });
      const tidemark = (win as unknown as { tidemark: (...a: unknown[]) => void }).tidemark;
      tidemark('purchase', { value: '42.10', currency: 'USD' });
      tidemark('purchase', { value: 'lots' });
      tidemark('unknown', { value: 1 });
      expect(collector.queue.filter((e) => e.y === 'cv').map((e) => [e.n, e.val, e.cur])).toEqual([
        ['purchase', 19.5, 'EUR'],
        ['purchase', 42.1, 'USD'],
      ]);
    });
  });
});
