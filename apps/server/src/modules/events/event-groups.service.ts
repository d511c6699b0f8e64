import { formatMoneyAmount } from '@tidemark/format';
import {
  EVENT_NEW_GROUP_MIN_SESSIONS,
  catalogueFor,
  type BrowserErrorSubType,
  type EventDimension,
  type EventGroup,
  type EventImpactBasis,
  type EventImpactSection,
  type EventLabels,
  type EventLogRow,
  type EventSkewTest,
  type PercentageExtentDistribution,
} from '@tidemark/contract';
import { AppError } from '../../errors';
import type { Queryable } from '../../db/client';
import type { BaseContext } from '../../plugins/context';
import { notifyItems } from '../notifications';
import * as repo from './event-groups.repository';
import {
  HOUR_MS,
  areaOf,
  dollarImpact,
  durationLabel,
  episodesOf,
  frequencyLabel,
  funnelOf,
  hostOf,
  impactSection,
  isClosed,
  isMoneyPage,
  severityOf,
  skewTest,
  textsOf,
  type Episode,
} from './grouping';

export const GROUP_JOB = 'events.group-errors';
/** Hours of rollups each grouping run reads (the expected rate's history). */
const HISTORY_HOURS = 14 * 24;

/** Workspaces with errors in the grouping window. */
export const tenantsToGroup = (base: BaseContext, now = new Date()): Promise<number[]> =>
  repo.tenantsWithErrorsSince(base.db, new Date(now.getTime() - HISTORY_HOURS * HOUR_MS));

const floorHour = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;

interface GroupFigures {
  affected_page_views: number;
  total_page_views: number;
  affected_sessions: number;
  stored_events: number;
  sample_rate: number;
  source: string;
  skew_tests: EventSkewTest[];
}

/**
 * Groups a tenant's site errors (issue 11 part 3): reads the last 14 days of hourly rollups, finds each
 * fingerprint's episodes (new with enough sessions, or above its expected rate) and writes one group per
 * episode with every figure its screens show. Idempotent: groups are upserted on (fingerprint, start hour).
 */
export type EventGroupWrite = repo.GroupWrite;

/**
 * The one writer of event groups (site errors, outages' linked kinds, experience events): the group and
 * its alerts commit together in the caller's transaction. With `id`, the group is refreshed in place (a
 * kind whose start moves as it is seen again); otherwise it is upserted on (fingerprint, start hour).
 */
export async function saveEventGroup({
  ctx,
  tx,
  input,
}: {
  ctx: BaseContext;
  tx: Queryable;
  input: { tenantId: number; group: EventGroupWrite; id?: string };
}): Promise<string> {
  const { tenantId, group } = input;
  let groupId = input.id;
  if (groupId) await repo.updateGroupById(tx, tenantId, groupId, group);
  else groupId = await repo.upsertGroup(tx, tenantId, group);
  // A new group, or one whose severity went up, gets outbox rows.
  await notifyItems({ ctx, tx, input: { tenantId, kind: 'event_group', ids: [groupId] } });
  return groupId;
}

export async function groupTenantErrors(
  base: BaseContext,
  tenantId: number,
  now = new Date(),
): Promise<number> {
  const nowHour = floorHour(now.getTime());
  const since = new Date(nowHour - HISTORY_HOURS * HOUR_MS);
  const pvRows = await repo.hourlyPageviews(base.db, tenantId, since);
  if (!pvRows.length) return 0;
  const firstDataHour = pvRows[0]!.hour.getTime();
  const grid: number[] = [];
  for (let h = firstDataHour; h <= nowHour; h += HOUR_MS) grid.push(h);
  const index = new Map(grid.map((h, i) => [h, i]));
  const pageviews = new Float64Array(grid.length);
  for (const r of pvRows) pageviews[index.get(r.hour.getTime())!] = r.pv;

  const byFingerprint = new Map<string, { subType: string; errors: Float64Array }>();
  for (const r of await repo.hourlyErrors(base.db, tenantId, since)) {
    const i = index.get(r.hour.getTime());
    if (i === undefined) continue;
    let entry = byFingerprint.get(r.fingerprint);
    if (!entry)
      byFingerprint.set(
        r.fingerprint,
        (entry = { subType: r.sub_type, errors: new Float64Array(grid.length) }),
      );
    entry.errors[i] = (entry.errors[i] ?? 0) + r.est;
  }
  const seen = await repo.fingerprintsSeenBefore(base.db, tenantId, new Date(firstDataHour));
  // The collector's purchases price an order; without any, the workspace's order metric when connected.
  const collectorAov = await repo.averageOrderValue(base.db, tenantId, new Date(nowHour + HOUR_MS));
  const metricAov = collectorAov === null ? await repo.orderMetricValue(base.db, tenantId) : null;
  const aov =
    collectorAov !== null
      ? { value: collectorAov, source: 'collector' as const }
      : metricAov !== null
        ? { value: metricAov, source: 'orders_metric' as const }
        : null;
  const site = await repo.storeUrlOf(base.db, tenantId);
  let written = 0;
  for (const [fingerprint, { subType, errors }] of byFingerprint) {
    const episodes = episodesOf({
      grid,
      pageviews,
      errors,
      firstDataHour,
      seenBefore: seen.has(fingerprint),
    });
    for (const episode of episodes) {
      const ok = await writeGroup(base, {
        tenantId,
        fingerprint,
        subType: subType as BrowserErrorSubType,
        episode,
        errors: errors.filter((_, i) => grid[i]! >= episode.startHour && grid[i]! <= episode.endHour),
        aov,
        now: now.getTime(),
        site,
      });
      if (ok) written++;
    }
  }
  await repo.closeQuietGroups(base.db, tenantId, new Date(now.getTime() - 120 * 60_000));
  return written;
}

const sumMap = (rows: repo.DimRow[], key: keyof Omit<repo.DimRow, 'n'>) => {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r[key], (m.get(r[key]) ?? 0) + r.n);
  return m;
};

const pctText = (x: number) => `${x.toFixed(2)}%`;

async function writeGroup(
  base: BaseContext,
  g: {
    tenantId: number;
    fingerprint: string;
    subType: BrowserErrorSubType;
    episode: Episode;
    errors: Float64Array;
    aov: { value: number; source: 'collector' | 'orders_metric' } | null;
    now: number;
    site: string | null;
  },
): Promise<boolean> {
  const from = new Date(g.episode.startHour);
  const to = new Date(g.episode.endHour + HOUR_MS);
  const span = await repo.errorSpan(base.db, g.tenantId, g.fingerprint, from, to);
  if (!span) return false;
  const sampleRate = span.sample_rate > 0 ? span.sample_rate : 1;
  const affectedSessions = Math.round(span.sessions / sampleRate);
  if (g.episode.trigger === 'new' && affectedSessions < EVENT_NEW_GROUP_MIN_SESSIONS) return false;

  const errRows = await repo.rollupsByDimension(base.db, g.tenantId, from, to, g.fingerprint);
  const pvRows = await repo.rollupsByDimension(base.db, g.tenantId, from, to, null);
  const errPages = sumMap(errRows, 'page');
  const pvPages = sumMap(pvRows, 'page');
  const affected = [...errPages.values()].reduce((a, b) => a + b, 0);
  const totalPv = [...pvPages.values()].reduce((a, b) => a + b, 0);
  const pages = [...errPages.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
  const moneyShare = affected
    ? pages.filter(isMoneyPage).reduce((a, p) => a + errPages.get(p)!, 0) / affected
    : 0;

  const browserTest = skewTest('browser', sumMap(errRows, 'browser'), sumMap(pvRows, 'browser'));
  const osTest = skewTest('os', sumMap(errRows, 'os'), sumMap(pvRows, 'os'));
  const skewed = browserTest.significant || osTest.significant;
  const driver = browserTest.significant
    ? browserTest.top_value
    : osTest.significant
      ? osTest.top_value
      : null;

  // Share of the driver's (or everyone's) page views on the affected pages that errored.
  const onPages = pvRows.filter((r) => errPages.has(r.page));
  const driverCol = browserTest.significant ? 'browser' : osTest.significant ? 'os' : null;
  const denom = onPages.filter((r) => !driverCol || r[driverCol] === driver).reduce((a, r) => a + r.n, 0);
  const numer = errRows.filter((r) => !driverCol || r[driverCol] === driver).reduce((a, r) => a + r.n, 0);
  const affectedPct = denom > 0 ? Math.min(100, (100 * numer) / denom) : 0;

  const outcomes = await repo.sessionOutcomes(base.db, g.tenantId, g.fingerprint, pages, from, to);
  const hit = outcomes.find((o) => o.affected);
  const clean = outcomes.find((o) => !o.affected);
  const impact = dollarImpact({
    affectedSessions: Math.round((hit?.sessions ?? 0) / sampleRate),
    affectedConversions: Math.round((hit?.conversions ?? 0) / sampleRate),
    comparableSessions: clean?.sessions ?? 0,
    comparableConversions: clean?.conversions ?? 0,
    averageOrderValue: g.aov?.value ?? null,
    orderValueSource: g.aov?.source ?? null,
  });

  const [latest] = await repo.errorLogRows(base.db, g.tenantId, g.fingerprint, from, to, 1);
  const detail = (latest?.detail ?? null) as Record<string, unknown> | null;
  const areas = [...new Set(pages.map(areaOf))];
  const texts = textsOf({
    subType: g.subType,
    message: latest?.message ?? g.fingerprint,
    detail,
    areas,
    driver,
    affectedPct,
    affectedSessions,
    trigger: g.episode.trigger,
  });
  const source =
    g.subType === 'js'
      ? String(detail?.file ?? 'inline script')
      : (hostOf(String(detail?.url ?? '')) ?? 'unknown');
  const sections: EventImpactSection[] = [
    impactSection('browser', 'Browser', sumMap(errRows, 'browser')),
    impactSection('os', 'OS', sumMap(errRows, 'os')),
    impactSection('device', 'Device', sumMap(errRows, 'device')),
    impactSection('page', 'Page', errPages),
    impactSection('event_source_impact', 'Event Source Impact', new Map([[source, affected]])),
  ];
  const distribution = (name: string, display: string, key: 'browser' | 'os' | 'device' | 'page') => {
    const e = sumMap(errRows, key);
    const p = sumMap(pvRows, key);
    return {
      section_name: name,
      section_display_name: display,
      extent_distribution: [...e.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([n, count]) => {
          const perPage = Math.min(100, (100 * count) / Math.max(p.get(n) ?? 0, count, 1));
          const overall = totalPv > 0 ? Math.min(100, (100 * count) / totalPv) : 0;
          return {
            name: n,
            number_of_errors: Math.round(count),
            percentage_per_page_viewed: perPage,
            formatted_percentage_per_page_viewed: pctText(perPage),
            percentage_overall_page_views: overall,
            formatted_percentage_overall_page_views: pctText(overall),
            page_views: Math.round(p.get(n) ?? 0),
          };
        }),
    };
  };
  const extent: PercentageExtentDistribution = {
    section_name: 'percentage_extent_distribution',
    section_display_name: 'Impact',
    distributions: [
      distribution('page', 'Page', 'page'),
      distribution('browser', 'Browser', 'browser'),
      distribution('os', 'OS', 'os'),
      distribution('device', 'Device', 'device'),
    ],
  };
  const tsStart = span.first_at;
  const tsEnd = span.last_at;
  const closed = isClosed(tsEnd.getTime(), g.now);
  const labels: EventLabels = {
    duration: durationLabel(tsEnd.getTime() - tsStart.getTime()),
    frequency: frequencyLabel(affected, g.errors.filter((x) => x > 0).length),
    primary_driver: skewed ? 'skewed_dimension_distribution' : 'normal_distribution',
    primary_driver_browser: browserTest.significant ? browserTest.top_value : null,
    primary_driver_os: osTest.significant ? osTest.top_value : null,
    is_default: false,
    skew_tests: [browserTest, osTest],
  };
  const figures: GroupFigures = {
    affected_page_views: Math.round(affected),
    total_page_views: Math.round(totalPv),
    affected_sessions: affectedSessions,
    stored_events: span.events,
    sample_rate: sampleRate,
    source,
    skew_tests: [browserTest, osTest],
  };
  // The group and its alerts commit together: a new group, or one whose severity went up, gets outbox rows.
  await base.db.transaction(async (tx) => {
    const group: EventGroupWrite = {
      fingerprint: g.fingerprint,
      start_hour: from,
      type: 'error',
      sub_type: g.subType,
      status: closed ? 'Closed' : 'Active',
      trigger: g.episode.trigger,
      ts_start: tsStart,
      ts_end: tsEnd,
      number_of_events: Math.round(affected),
      severity: severityOf(affected, totalPv, moneyShare),
      title: texts.title,
      summary: texts.summary,
      description: texts.description,
      action: texts.action,
      error_message: latest?.message ?? '',
      pages: pages.slice(0, 50),
      affected_components: areas.slice(0, 10),
      impacted_areas: areas,
      funnels: [...new Set(pages.map(funnelOf))],
      labels: { ...labels, category: texts.category, site: g.site },
      impact_value: impact.value,
      impact_basis: impact.basis,
      impact_sections: sections,
      extent,
      figures,
    };
    await saveEventGroup({ ctx: base, tx, input: { tenantId: g.tenantId, group } });
  });
  return true;
}

// ---- The events API (spec 2 §7) ----

export const EVENT_DIMENSIONS: EventDimension[] = [
  {
    dimension_id: 'ev_browser',
    dimension_name: 'browser',
    dimension_display_name: 'Browser',
    split_enabled: true,
  },
  { dimension_id: 'ev_os', dimension_name: 'os', dimension_display_name: 'OS', split_enabled: true },
  {
    dimension_id: 'ev_device',
    dimension_name: 'device',
    dimension_display_name: 'Device',
    split_enabled: true,
  },
  { dimension_id: 'ev_page', dimension_name: 'page', dimension_display_name: 'Page', split_enabled: true },
];

/** An amount in the workspace's currency (its symbol read with the row), never a hard-coded '$'. */
const money = (value: number | null, symbol: string | undefined) =>
  value === null ? null : formatMoneyAmount(value, symbol);

/** What an outage group keeps of its provider (modules/outages writes it). */
interface OutageProviderFigures {
  provider_uuid: string;
  display_name: string;
  logo_url: string | null;
  home_page_url: string;
  status_page_url: string;
}

export function eventGroupOf(row: repo.GroupRow, logRows: repo.LogRow[], now = Date.now()): EventGroup {
  const labels = row.labels as EventLabels & { category?: string; site?: string | null };
  const figures = row.figures as GroupFigures;
  const end = row.status === 'Closed' ? row.ts_end.getTime() : now;
  const site = labels.site ?? null;
  const events: EventLogRow[] = logRows.map((r) => ({
    event_uuid: `${row.event_group_id}-${r.event_id}`,
    start_time: r.occurred_at.toISOString(),
    status_code: typeof r.detail?.status === 'number' ? (r.detail.status as number) : null,
    payload:
      row.sub_type === 'js'
        ? { error: { message: r.message, ...(r.detail ?? {}) } }
        : { ...(r.detail ?? {}), message: r.message },
    description: r.message,
    data: null,
    component_status_changes: [],
    top_dimension: labels.primary_driver_browser ? 'browser' : labels.primary_driver_os ? 'os' : 'page',
    page: r.page,
    browser: r.browser,
    os: r.os,
    device: r.device,
  }));
  const { category: _c, site: _s, ...wireLabels } = labels;
  // Outage groups carry their provider as it was when written, so a provider dropped later stays readable.
  const provider = (row.figures as { provider?: OutageProviderFigures }).provider;
  const outage = row.type === 'outage';
  return {
    event_group_id: row.event_group_id,
    event_group_uuid: row.event_group_id,
    formatted_event_group_sequence_id: `EV-${String(row.sequence_id).padStart(4, '0')}`,
    status: row.status,
    type: row.type,
    sub_type: row.sub_type as EventGroup['sub_type'],
    event_group_ts_start: row.ts_start.toISOString(),
    event_group_ts_end: row.ts_end.toISOString(),
    duration_ms: Math.max(0, end - row.ts_start.getTime()),
    number_of_events: row.number_of_events,
    category_display_name: labels.category ?? null,
    category_logo_url: null,
    provider_display_name: provider ? provider.display_name : site ? (hostOf(site) ?? site) : 'Your site',
    provider_logo_url: provider?.logo_url ?? null,
    provider_home_page_url: provider ? provider.home_page_url : site,
    provider_status_page_url: provider?.status_page_url ?? null,
    provider_uuid: provider?.provider_uuid ?? 'site',
    description: row.description,
    action: row.action,
    title: row.title,
    summary: row.summary,
    severity: row.severity,
    kpi_id: outage ? null : `ev_group_${row.event_group_id}`,
    kpi_name: outage ? null : 'group_errors',
    kpi_display_name: outage ? null : 'Errors',
    kpi_format: outage ? null : 'number',
    tenant_id: row.tenant_id,
    dimensions: outage ? [] : EVENT_DIMENSIONS,
    funnels: row.funnels,
    labels: wireLabels,
    affected_components: row.affected_components,
    impact: {
      // Stored as the revenue lost; on the wire a loss is negative, so screens show it red and falling.
      monetary: {
        value: row.impact_value === null ? null : -row.impact_value,
        formatted_value: money(row.impact_value, row.currency_symbol),
      },
      sections: row.impact_sections as EventImpactSection[],
    },
    details: {
      event_classification: { error_message: row.error_message },
      impacted_areas: row.impacted_areas,
      impact_basis: row.impact_basis as EventImpactBasis,
      fingerprint: row.fingerprint,
      affected_page_views: figures.affected_page_views,
      total_page_views: figures.total_page_views,
      affected_sessions: figures.affected_sessions,
    },
    percentage_extent_distribution: (row.extent as PercentageExtentDistribution | null) ?? null,
    events,
  };
}

export const notFoundGroup = () => new AppError('not_found', catalogueFor(404, 'Group').message);
