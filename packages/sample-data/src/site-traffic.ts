import { SeededRandom } from './random';

// The demo store's site traffic as the collector would send it (payload version 1, see
// packages/collector/README.md): shoppers browsing, carting and buying on a realistic browser/OS/device mix,
// with planted incidents and steady background noise written to an answer key. The same seed and end give
// the same beacons.

export interface SiteTrafficOptions {
  seed: number;
  /** The newest moment of traffic (events are spread over the hours before it); a whole hour keeps the rollup's
   * hours the same from run to run. */
  end: Date;
  /** Hours of traffic before `end` (the ingest trusts browser clocks up to 24 hours back). */
  hours?: number;
  /** Mean sessions an hour at the daily peak. */
  sessionsPerHour?: number;
  origin?: string;
  /** Error sampling the simulated collector applies (1 = every error is sent). */
  sampleRate?: number;
}

export interface SiteBeacon {
  userAgent: string;
  /** The text/plain body of POST /v1/collect. */
  body: string;
}

/** What one generated error really is: an incident's or a noise source's name. */
export interface ErrorTruth {
  cause: string;
  subType: 'js' | 'network' | 'asset';
  /** The session and time (ms) of the event, which identify it once stored. */
  session: string;
  t: number;
}

export interface PlantedSiteIncident {
  cause: string;
  description: string;
  sub_type: 'js' | 'network' | 'asset';
  /** ISO start and end of the incident. */
  start: string;
  end: string;
  /** The path of the page it happens on. */
  page: string;
  primary_driver: 'skewed_dimension_distribution' | 'normal_distribution';
  /** The browser the errors concentrate on (skewed only), as the ingest names it (ua-parser-js). */
  primary_driver_browser: string | null;
}

export interface SiteAnswerKey {
  incidents: PlantedSiteIncident[];
  /** Causes that must never become a group: steady errors and known noise. */
  noise: Array<{ cause: string; kind: 'steady' | 'known_noise' }>;
}

export interface SiteTraffic {
  beacons: SiteBeacon[];
  /** One entry per error event sent, in the order of the beacons' events (for fingerprint precision/recall). */
  truths: ErrorTruth[];
  answerKey: SiteAnswerKey;
  /** What was sent (errors after sampling). */
  counts: { sessions: number; pageviews: number; errors: number; conversions: number };
}

interface Agent {
  ua: string;
  /** ua-parser-js's browser name, as stored. */
  browser: string;
  weight: number;
  /** Stack format of the engine. */
  engine: 'v8' | 'jsc' | 'gecko';
}

const AGENTS: Agent[] = [
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    browser: 'Chrome',
    weight: 30,
    engine: 'v8',
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    browser: 'Chrome',
    weight: 10,
    engine: 'v8',
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    browser: 'Chrome',
    weight: 17,
    engine: 'v8',
  },
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    browser: 'Mobile Safari',
    weight: 24,
    engine: 'jsc',
  },
  {
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    browser: 'Safari',
    weight: 7,
    engine: 'jsc',
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
    browser: 'Firefox',
    weight: 5,
    engine: 'gecko',
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    browser: 'Edge',
    weight: 5,
    engine: 'v8',
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    browser: 'Samsung Internet',
    weight: 2,
    engine: 'v8',
  },
];
const AGENT_TOTAL = AGENTS.reduce((a, b) => a + b.weight, 0);
const AGENT_WEIGHTS = AGENTS.map((a) => a.weight);

const PRODUCTS = ['linen-shirt', 'canvas-tote', 'wool-beanie', 'denim-jacket', 'leather-belt', 'silk-scarf'];
const COLLECTIONS = ['new-arrivals', 'summer', 'accessories'];
const HOUR_MS = 3_600_000;
/** Share of the daily peak per hour of the day, shoppers mostly in the afternoon and evening. */
const DAY_SHAPE = [
  0.35, 0.3, 0.25, 0.2, 0.2, 0.25, 0.35, 0.5, 0.65, 0.75, 0.8, 0.85, 0.9, 0.9, 0.9, 0.95, 1, 1, 0.95, 0.9,
  0.85, 0.75, 0.6, 0.45,
];

function frame(engine: Agent['engine'], fn: string, url: string, line: number, column: number): string {
  if (engine === 'v8') return `    at ${fn} (${url}:${line}:${column})`;
  return `${fn}@${url}:${line}:${column}`;
}

function stackOf(
  engine: Agent['engine'],
  head: string,
  frames: Array<[string, string, number, number]>,
): string {
  const lines = frames.map(([fn, url, l, c]) => frame(engine, fn, url, l, c));
  return engine === 'v8' ? [head, ...lines].join('\n') : lines.join('\n');
}

/**
 * Generates the traffic. Incidents (times relative to `end`): a checkout-button TypeError on Mobile Safari
 * from a deploy 6 hours before the end (still going), the payment API answering 5xx for two hours (14 to 12
 * hours before), the product image CDN failing for three hours (20 to 17 hours before) over its usual trickle
 * of failures; and steady noise throughout.
 */
export function generateSiteTraffic(options: SiteTrafficOptions): SiteTraffic {
  const rnd = new SeededRandom(options.seed, 'site-traffic');
  const hours = options.hours ?? 23;
  const perHour = options.sessionsPerHour ?? 100;
  const origin = options.origin ?? 'https://demo-store.example';
  const sr = options.sampleRate ?? 1;
  const endMs = options.end.getTime();
  const startMs = endMs - hours * HOUR_MS;
  const deployAt = endMs - 6 * HOUR_MS;
  const payment = { start: endMs - 14 * HOUR_MS, end: endMs - 12 * HOUR_MS };
  const cdn = { start: endMs - 20 * HOUR_MS, end: endMs - 17 * HOUR_MS };

  const beacons: SiteBeacon[] = [];
  const truths: ErrorTruth[] = [];
  const counts = { sessions: 0, pageviews: 0, errors: 0, conversions: 0 };
  const newBundle = `${origin}/assets/checkout.9d0f7e31.js`;

  for (let hourStart = startMs; hourStart < endMs; hourStart += HOUR_MS) {
    // The day's shape is laid relative to the end (which is read as 20:00), so the same seed gives the same
    // traffic whatever the time it is generated at, only shifted.
    const shape = DAY_SHAPE[(Math.round((hourStart - endMs) / HOUR_MS) + 20 + 48) % 24]!;
    const sessions = rnd.poisson(perHour * shape);
    for (let s = 0; s < sessions; s++) {
      const agent = AGENTS[rnd.pick(AGENT_WEIGHTS, AGENT_TOTAL)]!;
      const sessionId = `demo-${hourStart.toString(36)}-${s}-${rnd.int(1_000_000).toString(36)}`;
      let t = hourStart + rnd.next() * HOUR_MS;
      if (t > endMs - 60_000) continue;
      const events: object[] = [];
      const sessionTruths: ErrorTruth[] = [];
      const sessionCounts = { pageviews: 0, errors: 0, conversions: 0 };
      const sendError = (event: Record<string, unknown>, truth: Pick<ErrorTruth, 'cause' | 'subType'>) => {
        // The collector keeps each error with the sampling rate and says so.
        if (sr < 1 && rnd.next() >= sr) return;
        // A millisecond apart, so every error of a session has its own time (the answer key's join).
        t += 1;
        events.push({ ...event, t: Math.round(t), sr });
        sessionTruths.push({ ...truth, session: sessionId, t: Math.round(t) });
        sessionCounts.errors++;
      };
      const view = (path: string) => {
        t += 15_000 + rnd.next() * 60_000;
        events.push({ y: 'pv', t: Math.round(t), p: `${origin}${path}` });
        sessionCounts.pageviews++;
        // Steady noise on any page: the chat widget's bug, ResizeObserver, extensions, cross-origin scripts.
        if (rnd.next() < 0.012) {
          sendError(
            {
              y: 'js',
              p: `${origin}${path}`,
              k: 'error',
              n: 'Error',
              // The widget throws its own Error, so the message is the same in every engine.
              m: `Chat launcher #cd-${rnd.int(90_000) + 10_000} not found`,
              st: stackOf(agent.engine, 'Error: Chat launcher not found', [
                ['openLauncher', 'https://widget.chatdesk.example/v2/chat-widget.js', 212, 18],
                ['init', 'https://widget.chatdesk.example/v2/chat-widget.js', 40, 3],
              ]),
              f: 'https://widget.chatdesk.example/v2/chat-widget.js',
              l: 212,
              c: 18,
            },
            { cause: 'noise:chat-widget', subType: 'js' },
          );
        }
        if (rnd.next() < 0.01) {
          sendError(
            {
              y: 'js',
              p: `${origin}${path}`,
              k: 'error',
              m: 'ResizeObserver loop completed with undelivered notifications.',
            },
            { cause: 'noise:resize-observer', subType: 'js' },
          );
        }
        if (rnd.next() < 0.006) {
          sendError(
            {
              y: 'js',
              p: `${origin}${path}`,
              k: 'error',
              n: 'Error',
              m: `Extension context invalidated (${rnd.int(900) + 100})`,
              st: stackOf(agent.engine, 'Error: Extension context invalidated', [
                ['sendMessage', 'chrome-extension://kbfnbcaeplbcioakkpcpgfkobkghlhen/src/inject.js', 88, 11],
              ]),
            },
            { cause: 'noise:extension', subType: 'js' },
          );
        }
        if (rnd.next() < 0.006) {
          sendError(
            { y: 'js', p: `${origin}${path}`, k: 'error', m: 'Script error.' },
            {
              cause: 'noise:cross-origin',
              subType: 'js',
            },
          );
        }
        if (rnd.next() < 0.008) {
          sendError(
            {
              y: 'net',
              p: `${origin}${path}`,
              mt: 'POST',
              u: 'https://collect.analytics-partner.example/v1/hit',
              sc: 0,
              d: 10_000,
            },
            { cause: 'noise:analytics-offline', subType: 'network' },
          );
        }
      };

      // Landing, browsing, then maybe the cart, checkout and a purchase.
      const landing = rnd.next();
      view(
        landing < 0.4
          ? '/'
          : landing < 0.65
            ? `/collections/${COLLECTIONS[rnd.int(COLLECTIONS.length)]}`
            : '/search',
      );
      const productViews = 1 + rnd.poisson(1.6);
      let imagesBroken = false;
      for (let p = 0; p < productViews; p++) {
        const product = PRODUCTS[rnd.int(PRODUCTS.length)]!;
        view(`/products/${product}`);
        const inCdnOutage = t >= cdn.start && t < cdn.end;
        // The image CDN: a usual trickle of failures, and most images during its outage.
        if (rnd.next() < (inCdnOutage ? 0.65 : 0.02)) {
          imagesBroken ||= inCdnOutage;
          sendError(
            {
              y: 'ast',
              p: `${origin}/products/${product}`,
              g: 'img',
              u: `https://img.cdn-demo.example/products/${rnd.int(90_000) + 10_000}/main.jpg`,
            },
            { cause: 'cdn-images', subType: 'asset' },
          );
        }
      }
      let blocked = false;
      if (rnd.next() < 0.42) {
        view('/cart');
        // The checkout button's script after the deploy breaks on Safari's engine on iPhone.
        if (t >= deployAt && agent.browser === 'Mobile Safari') {
          blocked = rnd.next() < 0.85;
          const line = 1800 + rnd.int(3);
          sendError(
            {
              y: 'js',
              p: `${origin}/cart`,
              k: 'error',
              n: 'TypeError',
              m: "undefined is not an object (evaluating 'paymentOptions.methods.length')",
              st: stackOf('jsc', '', [
                ['renderCheckoutButton', newBundle, line, 31],
                ['onCartReady', newBundle, 96, 7],
              ]),
              f: newBundle,
              l: line,
              c: 31,
            },
            { cause: 'checkout-js', subType: 'js' },
          );
        }
        if (!blocked && rnd.next() < 0.66) {
          view('/checkout');
          const inPaymentOutage = t >= payment.start && t < payment.end;
          const paymentFailed = inPaymentOutage && rnd.next() < 0.9;
          if (paymentFailed) {
            sendError(
              {
                y: 'net',
                p: `${origin}/checkout`,
                mt: 'POST',
                u: `https://api.demo-store.example/v1/payments/${rnd.int(9_000_000) + 1_000_000}/charge`,
                sc: rnd.next() < 0.7 ? 502 : 503,
                d: 400 + rnd.int(3000),
              },
              { cause: 'payment-api', subType: 'network' },
            );
          }
          const buyRate = imagesBroken ? 0.45 : 0.62;
          if (!paymentFailed && rnd.next() < buyRate) {
            t += 20_000;
            events.push({
              y: 'cv',
              t: Math.round(t),
              p: `${origin}/checkout`,
              val: Math.round(rnd.logNormal(64, 0.45) * 100) / 100,
              cur: 'USD',
            });
            sessionCounts.conversions++;
          }
        }
      }
      if (t > endMs) continue;
      counts.sessions++;
      counts.pageviews += sessionCounts.pageviews;
      counts.errors += sessionCounts.errors;
      counts.conversions += sessionCounts.conversions;
      beacons.push({
        userAgent: agent.ua,
        body: JSON.stringify({ v: 1, k: 'demo', s: sessionId, e: events }),
      });
      truths.push(...sessionTruths);
    }
  }

  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    beacons,
    truths,
    counts,
    answerKey: {
      incidents: [
        {
          cause: 'checkout-js',
          description: 'The checkout button throws a TypeError on Mobile Safari after a deploy',
          sub_type: 'js',
          start: iso(deployAt),
          end: iso(endMs),
          page: '/cart',
          primary_driver: 'skewed_dimension_distribution',
          primary_driver_browser: 'Mobile Safari',
        },
        {
          cause: 'payment-api',
          description: 'The payment API answers 5xx for two hours',
          sub_type: 'network',
          start: iso(payment.start),
          end: iso(payment.end),
          page: '/checkout',
          primary_driver: 'normal_distribution',
          primary_driver_browser: null,
        },
        {
          cause: 'cdn-images',
          description: 'The product image CDN fails for three hours',
          sub_type: 'asset',
          start: iso(cdn.start),
          end: iso(cdn.end),
          page: '/products/',
          primary_driver: 'normal_distribution',
          primary_driver_browser: null,
        },
      ],
      noise: [
        { cause: 'noise:chat-widget', kind: 'steady' },
        { cause: 'noise:analytics-offline', kind: 'steady' },
        { cause: 'noise:resize-observer', kind: 'known_noise' },
        { cause: 'noise:extension', kind: 'known_noise' },
        { cause: 'noise:cross-origin', kind: 'known_noise' },
      ],
    },
  };
}

/**
 * Fingerprint quality against the truths: precision is the share of errors whose fingerprint's errors are
 * mostly of their own cause (purity), recall the share whose cause's errors mostly share their fingerprint
 * (inverse purity). 1 and 1 mean one fingerprint per cause.
 */
export function fingerprintScores(pairs: Array<{ fingerprint: string; cause: string }>): {
  precision: number;
  recall: number;
} {
  const tally = (key: (p: { fingerprint: string; cause: string }) => string, other: typeof key) => {
    const by = new Map<string, Map<string, number>>();
    for (const p of pairs) {
      let m = by.get(key(p));
      if (!m) by.set(key(p), (m = new Map()));
      m.set(other(p), (m.get(other(p)) ?? 0) + 1);
    }
    let hit = 0;
    for (const m of by.values()) hit += Math.max(...m.values());
    return pairs.length ? hit / pairs.length : 1;
  };
  return {
    precision: tally(
      (p) => p.fingerprint,
      (p) => p.cause,
    ),
    recall: tally(
      (p) => p.cause,
      (p) => p.fingerprint,
    ),
  };
}
