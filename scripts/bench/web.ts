/**
 * npm run bench:web — what a merchant's browser pays for the product's main screens, on the production build
 * (`npm run build` first) with the demo workspace:
 *   feed JS:     the JavaScript the first load of /feed fetches (every script response, each gzipped at
 *                level 6 as a web server would send it), against the 300 KB budget;
 *   lighthouse:  Lighthouse's performance score (desktop preset, simulated throttling) for /feed and /metrics,
 *                in Debian's chromium, signed in by the session cookie; target 90;
 *   scrolling:   with BENCH_WEB_CARDS (default 200) group cards loaded in the feed, frame times while the page
 *                scrolls by BENCH_WEB_SCROLL_PX (default 40) pixels a frame from top to bottom, measured in the
 *                page with requestAnimationFrame: p50/p95 and the share of frames over 1.5 × 16.7 ms (dropped).
 *                The demo has about 50 groups: a bench-only step copies them (product repository functions)
 *                until the feed holds enough.
 * Last line: `web feed_js_gzip_kb=<x> lighthouse_feed=<y> lighthouse_metrics=<z>`.
 */
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type pg from 'pg';
import type { Queryable } from '../../apps/server/src/db/client';
import { insightsOfGroup, listGroups } from '../../apps/server/src/modules/insights/insights.repository';
import {
  createGroup,
  insertInsight,
  insightsOfSeries,
} from '../../apps/server/src/modules/pipelines/pipelines.repository';
import { signIn, type ApiClient } from './api-client';
import { runWithCleanup } from './cleanup';
import { machineLine } from './machine';
import { openProductDb, waitForIdleJobs } from './product-db';
import { startProductServer } from './product-server';

const DEMO_OWNER = 'owner@demo-store.example';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_KB = 300;
const FRAME_MS = 1000 / 60;
const HOUR = 3_600_000;

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

/** The product's repository functions take a Queryable (rows, not pg's result object). */
function queryable(pool: pg.Pool): Queryable {
  return {
    async query<T extends object>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
  };
}

/** The demo store is loaded and analysed by jobs after the first start: wait until the feed has groups. */
async function waitForDemoFeed(api: ApiClient): Promise<void> {
  const deadline = Date.now() + 900_000;
  for (;;) {
    const page = await api.get<{ groups: unknown[] }>('/v1/insights/groups', { page_num: '2' });
    if (page.groups.length > 0) return;
    if (Date.now() > deadline) throw new Error('the demo workspace has no insights after 15 minutes');
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function signedInContext(browser: Browser, api: ApiClient): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await context.addCookies(
    api.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: api.url };
    }),
  );
  return context;
}

interface Script {
  url: string;
  raw: number;
  gzip: number;
  /** Asked for before the page showed its first content (the `ready` selector). */
  critical: boolean;
}

/**
 * Every script a first load of the page fetches until the network is idle, each with its size gzipped, and
 * whether it was asked for before the page showed its content (lazy chart code is asked for after).
 */
async function scriptsOf(browser: Browser, api: ApiClient, route: string, ready: string): Promise<Script[]> {
  const context = await signedInContext(browser, api);
  const page = await context.newPage();
  let shown = false;
  const pending: Array<Promise<Script | null>> = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const contentType = res.headers()['content-type'] ?? '';
    if (type !== 'script' && !contentType.includes('javascript')) return;
    const critical = !shown;
    pending.push(
      res
        .body()
        .then((body) => ({
          url: new URL(res.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body).length,
          critical,
        }))
        .catch(() => null),
    );
  });
  await page.goto(`${api.url}${route}`, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  shown = true;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(pending)).filter((s) => s !== null);
  await context.close();
  return scripts;
}

const kb = (scripts: Script[]) => scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;

function printScripts(label: string, scripts: Script[]): number {
  const critical = scripts.filter((s) => s.critical);
  for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 12)) {
    console.log(
      `  ${s.url}: ${fmt(s.raw / 1024)} KB, ${fmt(s.gzip / 1024)} KB gzipped${s.critical ? '' : ' (after first render)'}`,
    );
  }
  const firstKb = kb(critical);
  console.log(
    `${label} first load: ${critical.length} scripts, ${fmt(firstKb)} KB gzipped before its content shows ` +
      `(budget ${BUDGET_KB}: ${firstKb <= BUDGET_KB ? 'within' : 'OVER'}); ` +
      `${scripts.length} scripts, ${fmt(kb(scripts))} KB with what loads after (lazy charts)`,
  );
  return firstKb;
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Lighthouse's performance score in a Chromium of its own (a browser Playwright is attached to holds new
 * pages at start, which Lighthouse takes for a hung page). The session cookie rides on every request.
 */
async function lighthouseOnce(url: string, cookie: string): Promise<number> {
  const chrome = await launchChrome({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: { Cookie: cookie },
        // A loaded shared machine is slow to settle; the score is simulated from the trace either way.
        maxWaitForLoad: 90_000,
        maxWaitForFcp: 60_000,
      },
      desktopConfig,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const audits = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ];
    console.log(
      `lighthouse ${new URL(url).pathname}: ${score} (` +
        audits.map((a) => `${a} ${lhr.audits[a]?.displayValue ?? '—'}`).join(', ') +
        ')',
    );
    // Where the blocking time goes: the longest main-thread tasks and the scripts that cost the most.
    type Item = Record<string, unknown>;
    const items = (id: string) =>
      ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
    const shortUrl = (u: unknown) => String(u ?? '').replace(/^https?:\/\/[^/]+/, '') || '(page)';
    const tasks = items('long-tasks').slice(0, 5);
    if (tasks.length)
      console.log(
        `  long tasks: ${tasks.map((t) => `${Math.round(Number(t.duration))} ms at ${Math.round(Number(t.startTime))} ms (${shortUrl(t.url)})`).join('; ')}`,
      );
    const scripts = items('bootup-time').slice(0, 4);
    if (scripts.length)
      console.log(
        `  script time: ${scripts.map((b) => `${shortUrl(b.url)} ${Math.round(Number(b.total))} ms (run ${Math.round(Number(b.scripting))} ms)`).join('; ')}`,
      );
    const work = items('mainthread-work-breakdown').slice(0, 4);
    if (work.length)
      console.log(
        `  main thread: ${work.map((w) => `${String(w.groupLabel ?? w.group)} ${Math.round(Number(w.duration))} ms`).join('; ')}`,
      );
    return score;
  } finally {
    chrome.kill();
  }
}

/** On a loaded machine Lighthouse's DevTools calls can time out: up to three tries, else NaN (printed —). */
async function lighthouseScore(url: string, cookie: string): Promise<number> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await lighthouseOnce(url, cookie);
    } catch (error) {
      console.log(
        `lighthouse ${new URL(url).pathname}: try ${attempt} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return NaN;
}

/**
 * Bench-only: copies the demo's groups (their insights too, an hour apart per copy, inside the last
 * 12 months) through the product's repository functions until the feed holds `target` groups.
 */
async function padFeed(db: Queryable, tenantId: number, target: number, since: Date): Promise<number> {
  const list = (offset: number) =>
    listGroups(db, {
      tenantId,
      teamState: 'Open',
      start: since.toISOString(),
      end: null,
      dimName: null,
      dimVal: null,
      limit: 1000,
      offset,
    });
  const groups = await list(0);
  if (groups.length === 0) throw new Error('the demo workspace has no open groups to copy');
  let count = groups.length;
  for (let copy = 1; count < target; copy++) {
    for (const group of groups) {
      if (count >= target) break;
      const shift = copy * HOUR;
      const members = await insightsOfGroup(db, tenantId, group.group_id);
      const ids: number[] = [];
      for (const m of members) {
        const raw = (
          await db.query<{
            pattern_type: string;
            direction: string;
            ts_end: Date;
            severity: string;
            severity_score: number;
            accent: string;
            dollar_impact: number | null;
          }>(
            `select pattern_type, direction, ts_end, severity, severity_score::float8 as severity_score, accent,
                    dollar_impact::float8 as dollar_impact
               from insights where tenant_id = $1 and insight_id = $2`,
            [tenantId, m.insight_id],
          )
        )[0]!;
        const insightTs = new Date(m.insight_ts.getTime() - shift);
        await insertInsight(db, {
          tenantId,
          kpiId: m.kpi_id,
          grain: m.grain,
          insight: {
            dim_name: m.dim_name,
            dim_val: m.dim_val,
            pattern_type: raw.pattern_type,
            direction: raw.direction,
            insight_ts: insightTs,
            ts_end: new Date(raw.ts_end.getTime() - shift),
            severity: raw.severity,
            severity_score: raw.severity_score,
            accent: raw.accent,
            draft: m.draft,
            rootcause: m.rootcause,
            dollar_impact: raw.dollar_impact,
          },
        });
        const stored = await insightsOfSeries(db, { tenantId, kpiId: m.kpi_id, grain: m.grain });
        // The newest match: an hourly series may already hold an insight at the shifted hour.
        const made = stored
          .filter(
            (s) =>
              s.insight_ts.getTime() === insightTs.getTime() &&
              s.dim_name === m.dim_name &&
              s.dim_val === m.dim_val &&
              s.pattern_type === raw.pattern_type,
          )
          .reduce<number | null>((max, s) => (max === null || s.insight_id > max ? s.insight_id : max), null);
        if (made !== null) ids.push(made);
      }
      await createGroup(db, {
        tenantId,
        grain: group.grain,
        draft: group.draft,
        severity: String(group.draft.group_severity ?? 'Medium'),
        tsStart: new Date(group.ts_start.getTime() - shift).toISOString(),
        tsEnd: new Date(group.ts_end.getTime() - shift).toISOString(),
        dimName: group.dim_name,
        dimVal: group.dim_val,
        topKpiId: group.top_kpi_id,
        insightIds: ids,
      });
      count++;
    }
  }
  return count;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

await runWithCleanup(async (cleanup) => {
  console.log(machineLine());
  const cards = int(process.env.BENCH_WEB_CARDS, 200);
  const scrollPx = int(process.env.BENCH_WEB_SCROLL_PX, 40);
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH.`);
  }

  const server = await startProductServer(cleanup, { SEED_DEMO_DATA: 'true' });
  const pool = openProductDb(server.dataDir);
  cleanup.add('close the product database pool', () => pool.end());
  const api = await signIn(server.url, server.mail, DEMO_OWNER);
  const started = Date.now();
  await waitForDemoFeed(api);
  await waitForIdleJobs(pool, 600_000);
  console.log(`demo workspace analysed in ${fmt((Date.now() - started) / 1000, 0)} s after the start`);

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  cleanup.add('close the browser', () => browser.close());

  // 1. The JavaScript of the first load of /feed (and of /metrics, for comparison).
  const feedKb = printScripts('feed', await scriptsOf(browser, api, '/feed', '[data-testid=group-card]'));
  printScripts('metrics', await scriptsOf(browser, api, '/metrics', 'table tbody a[href^="/metrics/"]'));

  // 2. Lighthouse on the demo workspace.
  const feedScore = await lighthouseScore(`${api.url}/feed`, api.cookie);
  const metricsScore = await lighthouseScore(`${api.url}/metrics`, api.cookie);

  // 3. Frame times while scrolling a feed of `cards` groups.
  const [{ tenant_id: tenantId } = { tenant_id: 0 }] = (
    await pool.query<{ tenant_id: number }>(`select tenant_id::int from users where lower(email) = $1`, [
      DEMO_OWNER,
    ])
  ).rows;
  const since = new Date(Math.ceil(Date.now() / HOUR) * HOUR - 365 * 24 * HOUR);
  const total = await padFeed(queryable(pool), tenantId, cards, since);
  console.log(`feed padded to ${total} groups in the last 12 months`);

  const context = await signedInContext(browser, api);
  const page = await context.newPage();
  const seen = new Set<string>();
  page.on('response', (res) => {
    if (!/\/v1\/insights\/groups\?/.test(res.url()) || !res.ok()) return;
    void res
      .json()
      .then((body: { groups?: Array<{ group_id: string }> }) =>
        body.groups?.forEach((g) => seen.add(g.group_id)),
      )
      .catch(() => undefined);
  });
  await page.goto(`${api.url}/feed?window=12m`);
  await page.locator('[data-testid=group-card]').first().waitFor({ timeout: 60_000 });
  const caughtUp = page.getByText("You're all caught up here!");
  const loadDeadline = Date.now() + 180_000;
  while (seen.size < cards && !(await caughtUp.isVisible())) {
    if (Date.now() > loadDeadline) throw new Error(`only ${seen.size} groups loaded in 3 minutes`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
  }
  await page.waitForLoadState('networkidle');
  const inDom = await page.locator('[data-testid=group-card]').count();
  // Sent as source text: tsx compiles this file with esbuild's keepNames, whose `__name` helper a function
  // handed to page.evaluate would call inside the page, where it does not exist.
  const SCROLL_SOURCE = `async (step) => {
    window.scrollTo(0, 0);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const out = [];
    return new Promise((resolve) => {
      let last = 0;
      const frame = (t) => {
        if (last) out.push(t - last);
        last = t;
        const bottom = document.documentElement.scrollHeight - window.innerHeight;
        if (window.scrollY >= bottom - 1 || out.length >= 3000) resolve(out);
        else {
          window.scrollBy(0, step);
          requestAnimationFrame(frame);
        }
      };
      requestAnimationFrame(frame);
    });
  }`;
  const scroll = (px: number) => page.evaluate<number[]>(`(${SCROLL_SOURCE})(${px})`);
  const deltas = await scroll(scrollPx);
  // For comparison: the same scroll with every card laid out and painted (content-visibility off).
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const plain = await scroll(scrollPx);
  await context.close();
  const frames = (label: string, d: number[]) => {
    const sorted = [...d].sort((a, b) => a - b);
    const dropped = d.filter((x) => x > 1.5 * FRAME_MS).length / Math.max(1, d.length);
    console.log(
      `scrolling ${seen.size} loaded groups (${inDom} cards in the DOM), ${scrollPx} px a frame, ${label}: ` +
        `${d.length} frames, p50 ${fmt(quantile(sorted, 0.5))} ms, p95 ${fmt(quantile(sorted, 0.95))} ms, ` +
        `dropped ${fmt(100 * dropped)}%`,
    );
  };
  frames('off-screen cards skipped', deltas);
  frames('every card painted', plain);
  console.log(machineLine());
  console.log(
    `web feed_js_gzip_kb=${fmt(feedKb)} lighthouse_feed=${fmt(feedScore, 0)} lighthouse_metrics=${fmt(metricsScore, 0)}`,
  );
});
