import {
  PROVIDER_CATEGORIES,
  REPORT_HEALTH_NAMES,
  REPORT_OVERALL_CHECK,
  type ReportCheck,
  type ReportHealth,
  type ReportProvider,
  type ReportProviderType,
  type ReportsQuery,
  type ReportsResponse,
} from '@tidemark/contract';
import { addInTimezone, safeTimezone, startOfInTimezone } from '@tidemark/format';
import type { TenantContext } from '../../plugins/context';
import { listExperienceMetrics } from '../experience';
import * as repo from './reports.repository';

// The weekly report (spec 2 §2.4, §7 call 5): provider health over a period, per provider type. Third-party
// providers the store enabled are grouped by their first category; the store's own site (site-error groups)
// and its experience metrics (experience groups) are two more types, so the report covers every source of
// events. Health is the worst thing that happened in the period.

const DAY_MS = 86_400_000;
const HEALTH_ORDER: ReportHealth[] = ['down', 'degraded', 'maintenance', 'healthy'];
const worst = (healths: ReportHealth[]): ReportHealth =>
  HEALTH_ORDER.find((h) => healths.includes(h)) ?? 'healthy';

/** Outage severity to health: a major incident is down, a partial disruption degraded, Low is maintenance. */
const outageHealth = (severity: string): ReportHealth =>
  severity === 'High' ? 'down' : severity === 'Medium' ? 'degraded' : 'maintenance';
/** Site errors: High groups take the site down for their visitors; the others degrade it. */
const siteHealth = (severity: string): ReportHealth => (severity === 'High' ? 'down' : 'degraded');
/** Experience: a Low group is a favourable or small move and leaves the step healthy. */
const experienceHealth = (severity: string): ReportHealth =>
  severity === 'High' ? 'down' : severity === 'Medium' ? 'degraded' : 'healthy';

const CATEGORY_DESCRIPTIONS: Record<string, string> = {
  store_platform: 'The platform your store runs on.',
  payments: 'Payment services your checkout depends on.',
  email: 'E-mail delivery for receipts, shipping and marketing.',
  sms: 'Text messages to your customers.',
  cdn: 'Content delivery for your pages, images and scripts.',
  hosting: 'Where your site and apps are hosted.',
  cloud: 'Cloud infrastructure behind your apps.',
  reviews: 'Product reviews shown on your pages.',
  support: 'Customer support and chat.',
  subscriptions: 'Recurring orders and memberships.',
  ads: 'Advertising platforms that bring visitors.',
  analytics: 'Analytics and tracking on your pages.',
  shipping: 'Shipping rates, labels and tracking.',
  search: 'Search on your store.',
};

/** The period asked for, or the previous week (Sunday to Sunday) in the workspace's time zone. */
export function reportPeriod(
  input: { start_time?: string | undefined; end_time?: string | undefined },
  timezone: string,
  now = Date.now(),
): { from: Date; to: Date } {
  const day = (v: string, end: boolean) =>
    /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) + (end ? DAY_MS : 0) : Date.parse(v);
  if (input.start_time && input.end_time) {
    return { from: new Date(day(input.start_time, false)), to: new Date(day(input.end_time, true)) };
  }
  const tz = safeTimezone(timezone);
  const thisWeek = startOfInTimezone(now, 'week', tz);
  const from = input.start_time ? day(input.start_time, false) : addInTimezone(thisWeek, -1, 'week', tz);
  const to = input.end_time ? day(input.end_time, true) : thisWeek;
  return { from: new Date(from), to: new Date(to) };
}

/** Minutes of [from, to) covered by at least one of the intervals (overlaps counted once). */
export function coveredMinutes(intervals: Array<[number, number]>, from: number, to: number): number {
  const clipped = intervals
    .map(([a, b]) => [Math.max(a, from), Math.min(b, to)] as [number, number])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of clipped) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return Math.round(total / 60_000);
}

/** The registrable part of a URL's host (api.stripe.com → stripe.com). */
export function domainOf(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase();
    const parts = host.split('.');
    const twoLevel = /^(co|com|org|net|ac|gov)\.[a-z]{2}$/.test(parts.slice(-2).join('.'));
    return parts.slice(twoLevel ? -3 : -2).join('.');
  } catch {
    return null;
  }
}

/** The host a failed request or asset went to, from its fingerprint (events/fingerprint.ts). */
export function hostOfFingerprint(fingerprint: string): string | null {
  const m = /^(?:network|beacon|asset):\S+ ([^/\s]+)/.exec(fingerprint);
  return m ? m[1]!.toLowerCase() : null;
}

const hostMatches = (host: string, domains: string[]) =>
  domains.some((d) => host === d || host.endsWith(`.${d}`));

function checkOf(uuid: string, name: string, display: string, healths: ReportHealth[]): ReportCheck {
  const health = worst(healths);
  return {
    provider_check_uuid: uuid,
    provider_check_name: name,
    provider_check_display_name: display,
    health,
    health_display_name: REPORT_HEALTH_NAMES[health],
    incidents: healths.length,
  };
}

function providerOf(p: {
  uuid: string;
  name: string;
  display: string;
  logo: string | null;
  type: string;
  groups: repo.PeriodGroup[];
  checks: ReportCheck[];
  health: ReportHealth[];
  hostErrors: number;
  from: number;
  to: number;
  now: number;
}): ReportProvider {
  const health = worst([...p.health, ...p.checks.map((c) => c.health)]);
  return {
    provider_uuid: p.uuid,
    provider_name: p.name,
    provider_display_name: p.display,
    provider_logo_url: p.logo,
    provider_type: p.type,
    health,
    health_display_name: REPORT_HEALTH_NAMES[health],
    incidents: p.groups.length,
    degraded_minutes: coveredMinutes(
      p.groups.map((g) => [
        g.ts_start.getTime(),
        g.status === 'Active' ? p.now : Math.max(g.ts_end.getTime(), g.ts_start.getTime()),
      ]),
      p.from,
      Math.min(p.to, p.now),
    ),
    host_errors: Math.round(p.hostErrors),
    checks: {
      total: p.checks.length,
      completed: p.checks.filter((c) => c.health === 'healthy').length,
      statuses: p.checks,
    },
  };
}

const OVERALL_CHECK = 'Overall status';

export async function eventReports({
  ctx,
  input,
  now = Date.now(),
}: {
  ctx: TenantContext;
  input: ReportsQuery;
  now?: number;
}): Promise<ReportsResponse> {
  const site = await repo.siteOf(ctx.db, ctx.tenantId);
  const { from, to } = reportPeriod(input, site.timezone ?? 'Etc/UTC', now);
  const period = { from: from.getTime(), to: to.getTime(), now };
  const providers = await repo.enabledProviders(ctx.db, ctx.tenantId);
  const groups = from < to ? await repo.groupsBetween(ctx.db, ctx.tenantId, from, to) : [];
  const requestErrors = from < to ? await repo.requestErrorsBetween(ctx.db, ctx.tenantId, from, to) : [];
  const errorsByHost = new Map<string, number>();
  for (const r of requestErrors) {
    const host = hostOfFingerprint(r.fingerprint);
    if (host) errorsByHost.set(host, (errorsByHost.get(host) ?? 0) + r.n);
  }

  const types = new Map<string, ReportProviderType>();
  const typeOf = (name: string, display: string, description: string) => {
    let t = types.get(name);
    if (!t) {
      types.set(
        name,
        (t = { provider_type_name: name, provider_type_display_name: display, description, providers: [] }),
      );
    }
    return t;
  };

  // Third-party providers: checks are the components their incidents touched, and the overall status.
  for (const p of providers) {
    const category = p.categories[0] ?? 'other';
    const own = groups.filter((g) => g.type === 'outage' && g.provider_uuid === p.provider_uuid);
    const components = [...new Set(own.flatMap((g) => g.affected_components))].sort();
    const checks = [
      checkOf(
        `${p.provider_uuid}:${REPORT_OVERALL_CHECK}`,
        REPORT_OVERALL_CHECK,
        OVERALL_CHECK,
        own.map((g) => outageHealth(g.severity)),
      ),
      ...components.map((c) =>
        checkOf(
          `${p.provider_uuid}:${c}`,
          c,
          c,
          own.filter((g) => g.affected_components.includes(c)).map((g) => outageHealth(g.severity)),
        ),
      ),
    ];
    const domains = [p.home_page_url, p.status_page_url, p.feed_url]
      .map(domainOf)
      .filter((d): d is string => d !== null);
    const hostErrors = [...errorsByHost.entries()]
      .filter(([host]) => hostMatches(host, [...new Set(domains)]))
      .reduce((a, [, n]) => a + n, 0);
    typeOf(
      category,
      PROVIDER_CATEGORIES[category as keyof typeof PROVIDER_CATEGORIES] ?? 'Other',
      CATEGORY_DESCRIPTIONS[category] ?? 'Other services your store relies on.',
    ).providers.push(
      providerOf({
        uuid: p.provider_uuid,
        name: p.provider_name,
        display: p.display_name,
        logo: p.logo_url,
        type: category,
        groups: own,
        checks,
        health: [],
        hostErrors,
        ...period,
      }),
    );
  }

  // The store's own site: a check per kind of error it has reported.
  const siteKinds = await repo.siteSubTypes(ctx.db, ctx.tenantId);
  if (siteKinds.length) {
    const own = groups.filter((g) => g.type === 'error' && g.sub_type !== 'experience');
    const names: Record<string, string> = {
      js: 'JS errors',
      network: 'Network and HTTP errors',
      asset: 'Asset errors',
      beacon: 'Beacon errors',
    };
    const checks = siteKinds.map((k) =>
      checkOf(
        `site:${k}`,
        k,
        names[k] ?? k,
        own.filter((g) => g.sub_type === k).map((g) => siteHealth(g.severity)),
      ),
    );
    const display = site.store_url
      ? site.store_url.replace(/^https?:\/\//, '').replace(/\/$/, '')
      : 'Your site';
    typeOf('site', 'Site monitoring', "Errors visitors meet on your own store's pages.").providers.push(
      providerOf({
        uuid: 'site',
        name: 'site',
        display,
        logo: null,
        type: 'site',
        groups: own,
        checks,
        health: [],
        hostErrors: 0,
        ...period,
      }),
    );
  }

  // The store's experience: a check per experience metric.
  const metrics = await listExperienceMetrics({ ctx });
  if (metrics.length) {
    const own = groups.filter((g) => g.sub_type === 'experience');
    const checks = metrics.map((m) =>
      checkOf(
        `experience:${m.kpi_id}`,
        m.kpi_id,
        m.kpi_display_name,
        own.filter((g) => g.kpi_id === m.kpi_id).map((g) => experienceHealth(g.severity)),
      ),
    );
    typeOf(
      'experience',
      'Store experience',
      'How visitors move through your store: carts, checkouts and conversion.',
    ).providers.push(
      providerOf({
        uuid: 'experience',
        name: 'experience',
        display: 'Store experience',
        logo: null,
        type: 'experience',
        groups: own,
        checks,
        health: [],
        hostErrors: 0,
        ...period,
      }),
    );
  }

  // Third-party types first in catalogue order, then the site and experience.
  const ordered = [...types.values()].sort((a, b) => rank(a.provider_type_name) - rank(b.provider_type_name));
  return {
    start_time: from.toISOString(),
    end_time: to.toISOString(),
    has_enabled_providers: providers.length > 0,
    provider_types: ordered,
  };
}

const rank = (type: string) => {
  const keys = Object.keys(PROVIDER_CATEGORIES);
  if (type === 'site') return keys.length + 1;
  if (type === 'experience') return keys.length + 2;
  const i = keys.indexOf(type);
  return i < 0 ? keys.length : i;
};
