import {
  EVENT_GROUP_QUIET_MINUTES,
  EVENT_IMPACT_MIN_SESSIONS,
  EVENT_IMPACT_TOP_ITEMS,
  EVENT_SKEW_P_VALUE,
  type BrowserErrorSubType,
  type EventImpactBasis,
  type EventImpactSection,
  type EventSeverity,
  type EventSkewTest,
} from '@tidemark/contract';
import { fitExpectedRange } from '@tidemark/detect';
import { goodnessOfFit } from './stats';

// Pure stages of grouping (issue 11 part 3): episodes of a fingerprint from the hourly rollup, the skew test,
// severity, labels, texts and the dollar impact. The job (event-groups.service.ts) feeds them from SQL.

export const HOUR_MS = 3_600_000;
const QUIET_HOURS = EVENT_GROUP_QUIET_MINUTES / 60;
/** A fingerprint is "new" only when the site reported page views this long before it first appeared. */
export const NEW_BASELINE_HOURS = 6;
/** An hour above the expected rate must also have this many (estimated) errors and 3 times the expected rate. */
const RATE_MIN_ERRORS = 10;
const RATE_MIN_FACTOR = 3;
/** With at least this much hourly history the expected rate comes from packages/detect; before, a robust median. */
const DETECT_MIN_HOURS = 72;

export interface Episode {
  startHour: number;
  /** The last hour with errors (inclusive). */
  endHour: number;
  trigger: 'new' | 'rate';
}

/** Runs of hours (sorted) whose gaps are shorter than the quiet period. */
function runsOf(hours: number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const h of hours) {
    const last = runs[runs.length - 1];
    if (last && h - last[1] <= QUIET_HOURS * HOUR_MS) last[1] = h;
    else runs.push([h, h]);
  }
  return runs;
}

/**
 * Hours whose error rate per page view is above the expected range: packages/detect's band (low sensitivity,
 * 3 sd) on the hourly rate with enough history, else the median plus 4 robust sigmas.
 */
export function hoursAboveRange(grid: number[], pageviews: Float64Array, errors: Float64Array): Set<number> {
  const rate = Float64Array.from(grid, (_, i) => (pageviews[i]! > 0 ? errors[i]! / pageviews[i]! : 0));
  const out = new Set<number>();
  let upper: Float64Array;
  let expected: Float64Array;
  const range =
    grid.length >= DETECT_MIN_HOURS
      ? fitExpectedRange(
          grid.map((t, i) => ({ timestamp: t, value: rate[i]! })),
          { grain: 'h', sensitivity: 'large', nonNegative: true, multiplicative: false },
        )
      : null;
  if (range && range.status === 'ok' && range.timestamps.length === grid.length) {
    upper = range.upper;
    expected = range.yhat;
  } else {
    const sorted = [...rate].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const mad =
      [...rate].map((r) => Math.abs(r - median)).sort((a, b) => a - b)[Math.floor(sorted.length / 2)] ?? 0;
    upper = new Float64Array(grid.length).fill(median + 4 * 1.4826 * mad);
    expected = new Float64Array(grid.length).fill(median);
  }
  for (let i = 0; i < grid.length; i++) {
    if (errors[i]! < RATE_MIN_ERRORS) continue;
    const exp = Number.isFinite(expected[i]!) ? Math.max(expected[i]!, 0) : 0;
    if (rate[i]! > upper[i]! && rate[i]! > RATE_MIN_FACTOR * exp) out.add(grid[i]!);
  }
  return out;
}

/**
 * A fingerprint's episodes: its first run of errors when it is new (the site had page views at least
 * NEW_BASELINE_HOURS before, without it), and the runs of hours above its expected rate.
 */
export function episodesOf(input: {
  grid: number[];
  pageviews: Float64Array;
  errors: Float64Array;
  firstDataHour: number;
  /** Whether the fingerprint was seen before the grid (then it is never new). */
  seenBefore: boolean;
}): Episode[] {
  const active = input.grid.filter((_, i) => input.errors[i]! > 0);
  if (!active.length) return [];
  const runs = runsOf(active);
  const episodes: Episode[] = [];
  const first = runs[0]!;
  const isNew = !input.seenBefore && first[0] - input.firstDataHour >= NEW_BASELINE_HOURS * HOUR_MS;
  if (isNew) episodes.push({ startHour: first[0], endHour: first[1], trigger: 'new' });
  const above = [...hoursAboveRange(input.grid, input.pageviews, input.errors)].sort((a, b) => a - b);
  for (const [start, end] of runsOf(above)) {
    if (isNew && start <= first[1] + QUIET_HOURS * HOUR_MS) {
      // The same outbreak as the new one: it only extends it.
      episodes[0]!.endHour = Math.max(episodes[0]!.endHour, end);
      continue;
    }
    episodes.push({ startHour: start, endHour: end, trigger: 'rate' });
  }
  return episodes;
}

export const isClosed = (lastErrorAt: number, now: number): boolean =>
  now - lastErrorAt >= EVENT_GROUP_QUIET_MINUTES * 60_000;

/** Cart and checkout pages weigh more: an error there costs orders. */
export const isMoneyPage = (page: string): boolean =>
  /\/(cart|checkout|payment|pay|basket)(\/|$)/i.test(pathOf(page));

export function pathOf(page: string): string {
  try {
    return new URL(page).pathname;
  } catch {
    return page;
  }
}

export function hostOf(page: string): string | null {
  try {
    return new URL(page).host;
  } catch {
    return null;
  }
}

/** What a merchant calls a page. */
export function areaOf(page: string): string {
  const path = pathOf(page).toLowerCase();
  if (path === '/' || path === '') return 'Home page';
  if (/\/checkout/.test(path)) return 'Checkout';
  if (/\/(cart|basket)/.test(path)) return 'Cart';
  if (/\/(payment|pay)(\/|$)/.test(path)) return 'Payment';
  if (/\/products?\//.test(path)) return 'Product pages';
  if (/\/collections?\//.test(path)) return 'Collection pages';
  if (/\/search/.test(path)) return 'Search';
  if (/\/account|\/login/.test(path)) return 'Account';
  return path.length > 40 ? `${path.slice(0, 40)}…` : path;
}

/** The shopping funnel stage of a page. */
export function funnelOf(page: string): string {
  const area = areaOf(page);
  if (area === 'Checkout' || area === 'Payment') return 'Checkout';
  if (area === 'Cart') return 'Cart';
  if (area === 'Product pages') return 'Product';
  return 'Browse';
}

/**
 * Severity from the share of the site's page views that errored, weighted ×3 when the errors are on cart or
 * checkout pages: High from 2%, Medium from 0.5%.
 */
export function severityOf(
  affectedPageViews: number,
  totalPageViews: number,
  moneyShare: number,
): EventSeverity {
  if (totalPageViews <= 0) return 'Low';
  const share = affectedPageViews / totalPageViews;
  const weighted = share * (1 + 2 * moneyShare);
  if (weighted >= 0.02) return 'High';
  if (weighted >= 0.005) return 'Medium';
  return 'Low';
}

export const durationLabel = (ms: number): string =>
  ms < HOUR_MS ? 'Short' : ms < 24 * HOUR_MS ? 'Medium' : 'Long';

export function frequencyLabel(errors: number, activeHours: number): string {
  const perHour = errors / Math.max(1, activeHours);
  return perHour >= 20 ? 'Frequent' : perHour >= 5 ? 'Occasional' : 'Rare';
}

/**
 * The skew test of one dimension: chi-square goodness of fit of the errors' mix against the page views' mix,
 * significant when p < EVENT_SKEW_P_VALUE and the most over-represented value holds at least half of the
 * errors and 1.5 times its share of page views (a large site makes tiny differences significant).
 */
export function skewTest(
  dimension: 'browser' | 'os',
  errors: Map<string, number>,
  pageviews: Map<string, number>,
): EventSkewTest {
  const fit = goodnessOfFit(errors, pageviews);
  const nErr = [...errors.values()].reduce((a, b) => a + b, 0);
  const nPv = [...pageviews.values()].reduce((a, b) => a + b, 0);
  let top: { name: string; e: number; p: number; lift: number } | null = null;
  for (const [name, count] of errors) {
    const e = nErr ? count / nErr : 0;
    const p = nPv ? (pageviews.get(name) ?? 0) / nPv : 0;
    const lift = e / Math.max(p, 1e-6);
    if (!top || e - p > top.e - top.p) top = { name, e, p, lift };
  }
  const significant = fit.pValue < EVENT_SKEW_P_VALUE && !!top && top.e >= 0.5 && top.lift >= 1.5;
  return {
    dimension_name: dimension,
    test: 'chi_square_goodness_of_fit',
    statistic: round(fit.statistic, 3),
    degrees_of_freedom: fit.df,
    p_value: fit.pValue,
    significant,
    top_value: top?.name ?? null,
    top_value_error_share: top ? round(top.e, 4) : null,
    top_value_pageview_share: top ? round(top.p, 4) : null,
  };
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Top 5 plus Others when there are more than 6 items (spec 2 §9). */
export function impactSection(
  name: string,
  displayName: string,
  counts: Map<string, number>,
): EventImpactSection {
  const items = [...counts.entries()]
    .map(([n, c]) => ({ name: n, count: Math.round(c) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const total = items.reduce((a, b) => a + b.count, 0);
  const shown =
    items.length > EVENT_IMPACT_TOP_ITEMS + 1
      ? [
          ...items.slice(0, EVENT_IMPACT_TOP_ITEMS),
          { name: 'Others', count: items.slice(EVENT_IMPACT_TOP_ITEMS).reduce((a, b) => a + b.count, 0) },
        ]
      : items;
  return { section_name: name, section_display_name: displayName, total_count: total, items: shown };
}

export const IMPACT_FORMULA =
  'lost revenue = affected sessions × (conversion rate of comparable unaffected sessions − conversion rate of affected sessions) × average order value, never below zero';

/** Dollar impact (issue 11 part 4) with the numbers behind it; null below the minimum of affected sessions. */
export function dollarImpact(input: {
  affectedSessions: number;
  affectedConversions: number;
  comparableSessions: number;
  comparableConversions: number;
  averageOrderValue: number | null;
  orderValueSource?: 'collector' | 'orders_metric' | null;
}): { value: number | null; basis: EventImpactBasis } {
  const crA = input.affectedSessions > 0 ? input.affectedConversions / input.affectedSessions : null;
  const crC = input.comparableSessions > 0 ? input.comparableConversions / input.comparableSessions : null;
  const quantified =
    input.affectedSessions >= EVENT_IMPACT_MIN_SESSIONS &&
    crA !== null &&
    crC !== null &&
    input.averageOrderValue !== null;
  const value = quantified
    ? round(Math.max(0, input.affectedSessions * (crC! - crA!) * input.averageOrderValue!), 2)
    : null;
  return {
    value,
    basis: {
      quantified,
      affected_sessions: input.affectedSessions,
      affected_conversions: input.affectedConversions,
      affected_conversion_rate: crA === null ? null : round(crA, 4),
      comparable_sessions: input.comparableSessions,
      comparable_conversions: input.comparableConversions,
      comparable_conversion_rate: crC === null ? null : round(crC, 4),
      average_order_value: input.averageOrderValue === null ? null : round(input.averageOrderValue, 2),
      order_value_source: input.averageOrderValue === null ? null : (input.orderValueSource ?? 'collector'),
      minimum_sessions: EVENT_IMPACT_MIN_SESSIONS,
      formula: IMPACT_FORMULA,
    },
  };
}

const pct = (x: number) => `${x >= 10 ? Math.round(x) : Math.round(x * 10) / 10}%`;

export interface GroupTexts {
  title: string;
  summary: string;
  description: string;
  action: string;
  category: string;
}

/** Title, summary and the Details panel's texts, in a merchant's words. */
export function textsOf(input: {
  subType: BrowserErrorSubType;
  message: string;
  detail: Record<string, unknown> | null;
  areas: string[];
  driver: string | null;
  /** Share (0–100) of the driver's (or all) page views on the affected pages that errored. */
  affectedPct: number;
  affectedSessions: number;
  trigger: 'new' | 'rate';
}): GroupTexts {
  const area = input.areas[0] ?? 'Your site';
  const who = `${pct(input.affectedPct)} of ${input.driver ? `${input.driver} ` : ''}visitors`;
  const d = input.detail ?? {};
  const host = typeof d.url === 'string' ? (hostOf(d.url) ?? 'your site') : 'your site';
  const status = typeof d.status === 'number' ? d.status : 0;
  const when = input.trigger === 'new' ? 'A new error' : 'More errors than usual';
  if (input.subType === 'js') {
    const name = typeof d.name === 'string' && d.name ? d.name : 'an error';
    const short = input.message.length > 80 ? `${input.message.slice(0, 80)}…` : input.message;
    return {
      title: `${area} throws ${name} for ${who}`,
      summary: `${when}: "${short}" on ${input.areas.join(', ')}, hitting ${input.affectedSessions} sessions${input.driver ? `, almost all on ${input.driver}` : ''}.`,
      description: `- The page's code stops with ${name}: ${short}\n- Visitors may be unable to use what the script drives on ${area}.${input.driver ? `\n- It happens on ${input.driver} far more than its share of visits.` : ''}`,
      action: `- Check the latest deploy of the scripts on ${area}.\n- Reproduce it${input.driver ? ` on ${input.driver}` : ''} with the stack in Error Logs.\n- Roll back or fix the failing line.`,
      category: 'JS errors',
    };
  }
  if (input.subType === 'network') {
    const method = typeof d.method === 'string' ? d.method : 'GET';
    const kind = status === 0 ? 'fail to connect' : `return ${Math.floor(status / 100)}xx errors`;
    return {
      title: `Requests to ${host} ${kind} on ${area} for ${who}`,
      summary: `${when}: ${method} requests to ${host} ${kind} on ${input.areas.join(', ')}, hitting ${input.affectedSessions} sessions.`,
      description:
        status === 0
          ? `- Network errors mean the connection failed before a request was made (offline, DNS, SSL, refused).\n- Visitors on ${area} could not reach ${host}.`
          : `- HTTP errors are 4xx/5xx responses after a request reaches the server.\n- ${host} answered ${status} to visitors on ${area}.`,
      action: `- Check the status of ${host} and its provider.\n- Look at the request in Error Logs for the failing path.\n- Add a retry or a clear message on ${area} while it fails.`,
      category: status === 0 ? 'Network errors' : 'HTTP errors',
    };
  }
  if (input.subType === 'asset') {
    const asset = typeof d.asset === 'string' ? d.asset : 'file';
    const noun = /img|image/i.test(asset)
      ? 'Images'
      : /script/i.test(asset)
        ? 'Scripts'
        : /css|link|style/i.test(asset)
          ? 'Stylesheets'
          : 'Files';
    return {
      title: `${noun} from ${host} fail to load for ${who}`,
      summary: `${when}: ${noun.toLowerCase()} from ${host} did not load on ${input.areas.join(', ')}, for ${input.affectedSessions} sessions.`,
      description: `- ${noun} served by ${host} failed to load.\n- Pages on ${area} show missing ${noun.toLowerCase()} or broken layout.`,
      action: `- Check ${host} (CDN or image host) and its certificates.\n- Check that the file paths in Error Logs exist.`,
      category: 'Asset errors',
    };
  }
  return {
    title: `Tracking beacons to ${host} are refused for ${who}`,
    summary: `${when}: beacons to ${host} were refused on ${input.areas.join(', ')}.`,
    description: `- The browser refused to send beacons to ${host}.\n- Analytics or tracking data from ${area} may be missing.`,
    action: `- Check the beacon endpoint ${host}.\n- Check content security rules on ${area}.`,
    category: 'Beacon errors',
  };
}
