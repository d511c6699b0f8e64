import { formatMoneyAmount } from '@tidemark/format';

import {
  EVENT_GROUPS_PAGE_SIZE,
  EVENT_LOG_ROWS_MAX,
  EVENT_MESSAGES,
  TOKEN_MESSAGES,
  catalogueFor,
  type ComparePoint,
  type CompareQuery,
  type EventDimensionId,
  type EventFilters,
  type EventGroup,
  type EventGroupsQuery,
  type EventSummary,
  type EventSummaryQuery,
  type RelatedMetric,
} from '@tidemark/contract';

import { AppError } from '../../errors';

import type { TenantContext } from '../../plugins/context';

import { eventsProviders } from './providers';

import { getMetricOrThrow } from '../metrics';
import {
  outageFilterOptions,
  outageHistory,
  relatedOutages,
  relatedOutagesOfMany,
  relatedSignals,
} from '../outages';

import * as repo from './event-groups.repository';
import { eventGroupOf, notFoundGroup } from './event-groups.service';

import { HOUR_MS, funnelOf } from './grouping';

// The events API (spec 2 §7): thin reads of event_groups and the hourly rollups, scoped by ctx.tenantId.
// Filters with values nobody has simply match nothing.

const DAY_MS = 86_400_000;

/** Experience groups (modules/experience) carry a metric instead of site errors; the rest are site errors. */
function wireGroupOf(row: repo.GroupRow, logs: repo.LogRow[], withRows = false): EventGroup {
  const experience = eventsProviders()?.experience;
  return row.sub_type === 'experience' && experience?.isFigures(row.figures)
    ? experience.groupOf(row, withRows)
    : eventGroupOf(row, logs);
}

/** An ISO timestamp, or a YYYY-MM-DD day: a start day starts at 00:00 UTC, an end day includes the whole day. */
function dateOf(value: string | undefined, end: boolean): Date | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return new Date(Date.parse(`${value}T00:00:00Z`) + (end ? DAY_MS : 0));
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

const list = (value: string | undefined, map: (v: string) => string = (v) => v): string[] | null => {
  if (value === undefined) return null;
  const items = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map(map);
  return items.length ? items : null;
};

/** The feed sends Live for Active (spec 2 §4). */
const statusName = (v: string) => (v.toLowerCase() === 'live' ? 'Active' : v);

function filterOf(ctx: TenantContext, q: EventSummaryQuery | EventGroupsQuery): repo.GroupFilter {
  return {
    tenantId: ctx.tenantId,
    from: dateOf(q.start_time, false),
    to: dateOf(q.end_time, true),
    status: list(q.status, statusName),
    type: list(q.type),
    subType: list(q.sub_type),
    severity: list(q.severity),
    providerUuid: list(q.provider_uuid, (v) => v.replace(/^"|"$/g, '')),
    providerType: list(q.provider_type),
    providerCheck: list(q.provider_check),
    dimName: q.dim_name ?? null,
    dimVal: q.dim_name ? (q.dim_val ?? null) : null,
  };
}

export async function listEventGroups({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: EventGroupsQuery;
}): Promise<{ event_groups: EventGroup[]; count: number }> {
  const rows = await repo.listGroups(
    ctx.db,
    filterOf(ctx, input),
    EVENT_GROUPS_PAGE_SIZE,
    (input.page_num - 1) * EVENT_GROUPS_PAGE_SIZE,
  );
  // A card names the provider outage a site-error group or experience event is likely related to.
  const links = await relatedOutagesOfMany({
    ctx,
    input: {
      kind: 'event_group',
      ids: rows.filter((r) => r.type !== 'outage').map((r) => String(r.event_group_id)),
    },
  });
  const groups = rows.map((r) => {
    const group = wireGroupOf(r, []);
    const related = links.get(String(r.event_group_id));
    return related ? { ...group, related_outages: related } : group;
  });
  return { event_groups: groups, count: groups.length };
}

export async function getEventGroupOrThrow({
  ctx,
  id,
}: {
  ctx: TenantContext;
  id: string;
}): Promise<repo.GroupRow> {
  const row = await repo.getGroup(ctx.db, ctx.tenantId, id);
  if (!row) throw notFoundGroup();
  return row;
}

export async function getEventGroup({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { id: string };
}): Promise<EventGroup> {
  const row = await getEventGroupOrThrow({ ctx, id: input.id });
  if (row.type === 'outage') {
    const [events, related_signals] = await Promise.all([
      outageHistory({ ctx, input: { groupId: row.event_group_id, limit: EVENT_LOG_ROWS_MAX } }),
      relatedSignals({ ctx, input: { outageGroupId: row.event_group_id } }),
    ]);
    return { ...eventGroupOf(row, []), events, related_signals };
  }
  const related_outages = await relatedOutages({
    ctx,
    input: { kind: 'event_group', id: row.event_group_id },
  });
  if (row.sub_type === 'experience') return { ...wireGroupOf(row, [], true), related_outages };
  const logs = await repo.errorLogRows(
    ctx.db,
    ctx.tenantId,
    row.fingerprint,
    row.start_hour,
    new Date(row.ts_end.getTime() + 1),
    EVENT_LOG_ROWS_MAX,
  );
  return { ...eventGroupOf(row, logs), related_outages };
}

/** Counts and impact over the period, with the impact's change against the period of the same length before. */
export async function eventSummary({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: EventSummaryQuery;
}): Promise<{ data: EventSummary }> {
  const filter = filterOf(ctx, input);
  // Severity is what the header counts by, so it never narrows the summary.
  const rows = await repo.summaryOf(ctx.db, { ...filter, severity: null });
  const count = (pick: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(pick).reduce((a, r) => a + r.groups, 0);
  const impact = rows.reduce((a, r) => a + (r.impact ?? 0), 0);
  const hasImpact = rows.some((r) => r.impact !== null);
  let delta: number | null = null;
  if (filter.from) {
    const to = filter.to ?? new Date();
    const length = to.getTime() - filter.from.getTime();
    const before = await repo.summaryOf(ctx.db, {
      ...filter,
      severity: null,
      from: new Date(filter.from.getTime() - length),
      to: filter.from,
    });
    const previous = before.reduce((a, r) => a + (r.impact ?? 0), 0);
    if (previous > 0) delta = Math.round(((impact - previous) / previous) * 1000) / 10;
  }
  const last = rows.reduce<Date | null>((a, r) => (r.last_ts && (!a || r.last_ts > a) ? r.last_ts : a), null);
  const total = count(() => true);
  const symbol = hasImpact ? await repo.workspaceCurrencySymbol(ctx.db, ctx.tenantId) : undefined;
  return {
    data: {
      last_event_ts: last?.toISOString() ?? null,
      total_events: { count: total, formatted_count: total.toLocaleString('en-US') },
      severity: {
        High: { count: count((r) => r.severity === 'High') },
        Medium: { count: count((r) => r.severity === 'Medium') },
        Low: { count: count((r) => r.severity === 'Low') },
      },
      status: {
        Active: { count: count((r) => r.status === 'Active') },
        Closed: { count: count((r) => r.status === 'Closed') },
      },
      impact: {
        monetary: {
          value: hasImpact ? Math.round(impact * 100) / 100 : null,
          formatted_value: hasImpact ? formatMoneyAmount(Math.round(impact), symbol) : null,
          delta_percentage: delta,
          formatted_delta_percentage: delta === null ? null : `${delta > 0 ? '+' : ''}${delta}%`,
        },
      },
    },
  };
}

const CHECK_NAMES: Record<string, string> = {
  js: 'JS errors',
  network: 'Network and HTTP errors',
  asset: 'Asset errors',
  beacon: 'Beacon errors',
};

/** Site errors come from one provider, the merchant's own site, with a check per error kind seen. */
export async function eventFilters({ ctx }: { ctx: TenantContext }): Promise<{ data: EventFilters }> {
  const siteFilters = await siteEventFilters({ ctx });
  // The providers the store turned on, and any with past outages, follow the site.
  const outages = await outageFilterOptions({ ctx });
  const experience = await experienceEventFilters({ ctx });
  return {
    data: {
      providers: [...siteFilters.data.providers, ...experience.providers, ...outages.providers],
      provider_types: [
        ...siteFilters.data.provider_types,
        ...experience.provider_types,
        ...outages.provider_types,
      ],
      provider_checks: [
        ...siteFilters.data.provider_checks,
        ...experience.provider_checks,
        ...outages.provider_checks,
      ],
    },
  };
}

/** Experience events: one provider and type ('experience') with a check per metric that raised one. */
async function experienceEventFilters({ ctx }: { ctx: TenantContext }): Promise<EventFilters> {
  const subTypes = await repo.subTypesOf(ctx.db, ctx.tenantId);
  if (!subTypes.includes('experience')) return { providers: [], provider_types: [], provider_checks: [] };
  const metrics = (await eventsProviders()?.experience.metrics({ ctx })) ?? [];
  return {
    providers: [
      {
        provider_uuid: 'experience',
        provider_name: 'experience',
        provider_display_name: 'Store experience',
        provider_logo_url: null,
      },
    ],
    provider_types: [{ provider_type_name: 'experience', provider_type_display_name: 'Store experience' }],
    provider_checks: metrics.map((m) => ({
      provider_check_name: m.kpi_id,
      provider_check_display_name: m.kpi_display_name,
      metric_id: m.kpi_id,
      parent_uuid: 'experience',
    })),
  };
}

async function siteEventFilters({ ctx }: { ctx: TenantContext }): Promise<{ data: EventFilters }> {
  const subTypes = (await repo.subTypesOf(ctx.db, ctx.tenantId)).filter(
    (s) => s !== 'outage' && s !== 'experience',
  );
  if (!subTypes.length) return { data: { providers: [], provider_types: [], provider_checks: [] } };
  const site = await repo.storeUrlOf(ctx.db, ctx.tenantId);
  const name = site ? site.replace(/^https?:\/\//, '') : 'Your site';
  return {
    data: {
      providers: [
        {
          provider_uuid: 'site',
          provider_name: 'site',
          provider_display_name: name,
          provider_logo_url: null,
        },
      ],
      provider_types: [{ provider_type_name: 'site', provider_type_display_name: 'Site monitoring' }],
      provider_checks: subTypes.map((s) => ({
        provider_check_name: s,
        provider_check_display_name: CHECK_NAMES[s] ?? s,
        metric_id: 'ev_errors',
        parent_uuid: 'site',
      })),
    },
  };
}

interface Band {
  y: number;
  lower: number;
  upper: number;
  yhat: number;
}

/**
 * Expected range of a count: the median of the same bucket over the 7 periods before (the same hour on the days
 * before for hourly buckets, the buckets before otherwise), ± 3 Poisson sigmas.
 */
function bandsOf(hours: number[], values: Map<number, number>, lag = DAY_MS): Map<number, Band> {
  const out = new Map<number, Band>();
  for (const h of hours) {
    const history: number[] = [];
    for (let d = 1; d <= 7; d++) {
      const v = values.get(h - d * lag);
      if (v !== undefined) history.push(v);
    }
    const y = values.get(h) ?? 0;
    if (!history.length) {
      out.set(h, { y, lower: NaN, upper: NaN, yhat: NaN });
      continue;
    }
    history.sort((a, b) => a - b);
    const yhat = history[Math.floor(history.length / 2)]!;
    const spread = 3 * Math.sqrt(Math.max(yhat, 1));
    out.set(h, { y, yhat, lower: Math.max(0, yhat - spread), upper: yhat + spread });
  }
  return out;
}

/** Most buckets a chart call answers: a longer range keeps its newest part. */
const MAX_BUCKETS = 2400;
const BUCKET_MS = { h: HOUR_MS, d: DAY_MS, w: 7 * DAY_MS, m: 30 * DAY_MS } as const;

/** Bucket starts (UTC) from `from` to `to`, at most MAX_BUCKETS of them. */
const bucketsBetween = (from: number, to: number, size: number = HOUR_MS) => {
  const first = Math.max(
    Math.floor(from / size) * size,
    Math.floor(to / size) * size - (MAX_BUCKETS - 1) * size,
  );
  const buckets: number[] = [];
  for (let h = first; h < to; h += size) buckets.push(h);
  return buckets;
};

/** The error timeline: hourly errors of the site (noise left out), the expected range and the groups of each hour. */
export async function eventTimeline({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    timestamp_start?: string | undefined;
    timestamp_end?: string | undefined;
    sub_type?: string | undefined;
    dim_name?: string | undefined;
    dim_val?: string | undefined;
  };
}) {
  const to = dateOf(input.timestamp_end, true) ?? new Date();
  const from = dateOf(input.timestamp_start, false) ?? new Date(to.getTime() - 7 * DAY_MS);
  if (from >= to) return [];
  const dim = input.dim_name ? { name: input.dim_name, value: input.dim_val ?? null } : null;
  const rows = await repo.hourlySeries(
    ctx.db,
    ctx.tenantId,
    new Date(Math.max(from.getTime(), to.getTime() - MAX_BUCKETS * HOUR_MS) - 7 * DAY_MS),
    to,
    { kind: 'error', subTypes: list(input.sub_type) },
    dim && dim.value !== null ? dim : null,
  );
  const values = new Map<number, number>();
  for (const r of rows) values.set(r.hour.getTime(), (values.get(r.hour.getTime()) ?? 0) + r.n);
  const hours = bucketsBetween(from.getTime(), to.getTime());
  const bands = bandsOf(hours, values);
  const groups = await repo.groupsActiveBetween(ctx.db, ctx.tenantId, from, to);
  return hours.map((h) => {
    const b = bands.get(h)!;
    const fin = (x: number) => (Number.isFinite(x) ? Math.round(x * 100) / 100 : null);
    return {
      timestamp: new Date(h).toISOString(),
      result: {
        y: Math.round(b.y * 100) / 100,
        yhat: fin(b.yhat),
        yhat_lower: fin(b.lower),
        yhat_upper: fin(b.upper),
        anomaly: Number.isFinite(b.upper) && b.y > b.upper ? ('True' as const) : ('False' as const),
      },
      event_group_ids: groups
        .filter((g) => g.ts_start.getTime() < h + HOUR_MS && g.ts_end.getTime() >= h)
        .map((g) => g.event_group_id),
    };
  });
}

/** Root cause of an event: per dimension value, its share of the group's errors against its share of page views. */
export async function eventRootCause({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { event_uuid: string; dimension_names?: string | undefined };
}) {
  const groupId = /^(\d{1,18})(-\d{1,18})?$/.exec(input.event_uuid)?.[1];
  if (!groupId) throw new AppError('not_found', catalogueFor(404, 'Event').message);
  const row = await repo.getGroup(ctx.db, ctx.tenantId, groupId);
  if (!row) throw new AppError('not_found', catalogueFor(404, 'Event').message);
  const experience = eventsProviders()?.experience;
  if (experience?.isFigures(row.figures)) {
    return {
      data: { rootcause_details: experience.rootCause(row.figures, list(input.dimension_names)) },
    };
  }
  const names = list(input.dimension_names) ?? ['browser', 'os', 'device', 'page'];
  const from = row.start_hour;
  const to = new Date(Math.floor(row.ts_end.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const errors = await repo.rollupsByDimension(ctx.db, ctx.tenantId, from, to, row.fingerprint);
  const views = await repo.rollupsByDimension(ctx.db, ctx.tenantId, from, to, null);
  const details = [];
  for (const name of names) {
    if (name !== 'browser' && name !== 'os' && name !== 'device' && name !== 'page') continue;
    const share = (rows: repo.DimRow[]) => {
      const m = new Map<string, number>();
      let total = 0;
      for (const r of rows) {
        m.set(r[name], (m.get(r[name]) ?? 0) + r.n);
        total += r.n;
      }
      return { m, total };
    };
    const e = share(errors);
    const v = share(views);
    for (const [value, count] of e.m) {
      const actual = e.total ? (100 * count) / e.total : 0;
      const expected = v.total ? (100 * (v.m.get(value) ?? 0)) / v.total : 0;
      const movement = Math.round((actual - expected) * 10) / 10;
      details.push({
        dimension_name: name,
        dimension_value: value,
        expected_dimension_value: Math.round(expected * 10) / 10,
        actual_dimension_value: Math.round(actual * 10) / 10,
        dimension_value_movement_pct: movement,
        formatted_dimension_value_movement_pct: `${movement > 0 ? '+' : ''}${movement}%`,
      });
    }
  }
  details.sort((a, b) => Math.abs(b.dimension_value_movement_pct) - Math.abs(a.dimension_value_movement_pct));
  return { data: { rootcause_details: details } };
}

export async function getEventGroupFeedback({ ctx, input }: { ctx: TenantContext; input: { id: string } }) {
  await getEventGroupOrThrow({ ctx, id: input.id });
  const row = await repo.feedbackOf(ctx.db, ctx.tenantId, input.id, ctx.user.userId);
  // No feedback yet is the usual state of a card, not an error.
  if (!row) return null;
  return { feedback_id: row.feedback_id, feedback_ishelpful: row.ishelpful, feedback_comment: row.comment };
}

/** Either a verdict (true, false, or null to clear it) or a reason, never both (spec 2 §5). */
export async function postEventGroupFeedback({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    id: string;
    feedback_ishelpful?: boolean | null | undefined;
    feedback_comment?: string | undefined;
  };
}) {
  if ((input.feedback_ishelpful === undefined) === (input.feedback_comment === undefined)) {
    throw new AppError('bad_request', EVENT_MESSAGES.feedbackOneField);
  }
  await getEventGroupOrThrow({ ctx, id: input.id });
  await repo.saveFeedback(ctx.db, ctx.tenantId, input.id, ctx.user.userId, {
    ...(input.feedback_ishelpful !== undefined ? { ishelpful: input.feedback_ishelpful } : {}),
    ...(input.feedback_comment !== undefined ? { comment: input.feedback_comment } : {}),
  });
  return { success: true, message: EVENT_MESSAGES.feedbackSaved };
}

interface EventKpi {
  kind: 'group' | 'group_rate' | 'pageviews' | 'conversions' | 'errors';
  groupId: string | null;
}

function eventKpiOf(kpiId: string): EventKpi | null {
  const m = /^ev_(group_rate|group)_(\d{1,18})$/.exec(kpiId);
  if (m) return { kind: m[1] as 'group' | 'group_rate', groupId: m[2]! };
  if (kpiId === 'ev_pageviews' || kpiId === 'ev_conversions' || kpiId === 'ev_errors') {
    return { kind: kpiId.slice(3) as EventKpi['kind'], groupId: null };
  }
  return null;
}

const badKpi = () => new AppError('bad_request', EVENT_MESSAGES.compareNoMetric);

/**
 * A metric's series for the Timeline of Events card: event metrics from the hourly rollups (per dimension value
 * when a dimension is chosen), metric-store metrics through the series API.
 */
export async function compareMetric({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: CompareQuery & { kpi_id: string };
}): Promise<ComparePoint[]> {
  const to = dateOf(input.end_time, true) ?? new Date();
  const from = dateOf(input.start_time, false) ?? new Date(to.getTime() - 7 * DAY_MS);
  if (from >= to) return [];
  const dimName = input.dim_name ?? input.dimension_names?.split(',')[0]?.trim();
  const dimVal = input.dim_val ?? input.dimension_values?.split(',')[0]?.trim();
  if (/^\d+$/.test(input.kpi_id)) {
    const metric = await getMetricOrThrow({ ctx, id: Number(input.kpi_id) });
    const read = eventsProviders()?.metricSeries;
    if (!read) return [];
    const points = await read({
      ctx,
      input: {
        kpi_id: input.kpi_id,
        pipeline_schedule: input.pipeline_schedule,
        timestamp_start: from.toISOString(),
        timestamp_end: to.toISOString(),
        dim_name: dimName,
        dim_val: dimVal,
      },
    });
    return points.map((p) => ({
      timestamp: p.timestamp,
      results: [
        {
          y: p.result.y,
          yhat_lower: p.result.yhat_lower,
          yhat_upper: p.result.yhat_upper,
          dim_val: dimVal ?? null,
          kpi_name: metric.kpi_name,
          insight:
            p.result.anomaly === 'True' ? { pattern_type: 'Point Anomaly', event_group_id: null } : null,
        },
      ],
    }));
  }
  const kpi = eventKpiOf(input.kpi_id);
  if (!kpi) throw badKpi();
  const group = kpi.groupId ? await getEventGroupOrThrow({ ctx, id: kpi.groupId }) : null;
  const dim =
    dimName && ['browser', 'os', 'device', 'page'].includes(dimName)
      ? { name: dimName, value: dimVal ?? null }
      : null;
  if (dimName && !dim) return [];
  const size = BUCKET_MS[input.pipeline_schedule];
  const buckets = bucketsBetween(from.getTime(), to.getTime(), size);
  const lag = input.pipeline_schedule === 'h' ? DAY_MS : size;
  const bucketOf = (t: number) => Math.floor(t / size) * size;
  const read = (what: Parameters<typeof repo.hourlySeries>[4]) =>
    repo.hourlySeries(ctx.db, ctx.tenantId, new Date(buckets[0]! - 7 * lag), to, what, dim);
  const main =
    kpi.kind === 'pageviews'
      ? await read({ kind: 'pageview' })
      : kpi.kind === 'conversions'
        ? await read({ kind: 'conversion' })
        : await read({ kind: 'error', ...(group ? { fingerprint: group.fingerprint } : {}) });
  const views = kpi.kind === 'group_rate' ? await read({ kind: 'pageview' }) : null;
  const key = (h: number, v: string | null) => `${h}|${v ?? ''}`;
  const series = new Map<string | null, Map<number, number>>();
  const viewsBy = new Map<string, number>();
  for (const r of views ?? []) {
    const k = key(bucketOf(r.hour.getTime()), r.dim_val);
    viewsBy.set(k, (viewsBy.get(k) ?? 0) + r.n);
  }
  for (const r of main) {
    let m = series.get(r.dim_val);
    if (!m) series.set(r.dim_val, (m = new Map()));
    const b = bucketOf(r.hour.getTime());
    m.set(b, (m.get(b) ?? 0) + r.n);
  }
  if (views) {
    // The rate: errors per 100 page views of the same bucket and value.
    for (const [v, m] of series) {
      for (const [b, n] of m) m.set(b, (100 * n) / Math.max(viewsBy.get(key(b, v)) ?? 0, 1));
    }
  }
  const hours = buckets;
  const name =
    kpi.kind === 'group' ? 'group_errors' : kpi.kind === 'group_rate' ? 'group_error_rate' : kpi.kind;
  // With a dimension and no value, the six largest values (the dimension breakup limit).
  const lines = [...series.entries()]
    .map(([v, m]) => ({ v, m, total: [...m.values()].reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total)
    .slice(0, 6);
  if (!lines.length) lines.push({ v: dim?.value ?? null, m: new Map(), total: 0 });
  const banded = lines.map((l) => ({ ...l, bands: bandsOf(hours, l.m, lag) }));
  return hours.map((h) => ({
    timestamp: new Date(h).toISOString(),
    results: banded.map((l) => {
      const b = l.bands.get(h)!;
      const fin = (x: number) => (Number.isFinite(x) ? Math.round(x * 100) / 100 : null);
      const inGroup = group && group.ts_start.getTime() < h + size && group.ts_end.getTime() >= h;
      return {
        y: Math.round(b.y * 100) / 100,
        yhat_lower: fin(b.lower),
        yhat_upper: fin(b.upper),
        dim_val: l.v,
        kpi_name: name,
        insight: inGroup ? { pattern_type: 'Point Anomaly', event_group_id: group.event_group_id } : null,
      };
    }),
  }));
}

const eventMetric = (
  kpi_id: string,
  kpi_name: string,
  kpi_display_name: string,
  percentage = false,
): RelatedMetric => ({
  kpi_id,
  kpi_name,
  kpi_display_name,
  kpi_format: percentage ? 'percentage' : 'number',
  metric_category: 'Site monitoring',
  kpi_parent_uuid: null,
});

/** The metric first, then the site's event metrics by display name. */
export async function relatedMetrics({ ctx, input }: { ctx: TenantContext; input: { kpi_id: string } }) {
  const site = [
    eventMetric('ev_conversions', 'conversions', 'Conversions'),
    eventMetric('ev_errors', 'errors', 'Errors (all)'),
    eventMetric('ev_pageviews', 'pageviews', 'Page views'),
  ];
  let first: RelatedMetric;
  const rest = [...site];
  if (/^\d+$/.test(input.kpi_id)) {
    const m = await getMetricOrThrow({ ctx, id: Number(input.kpi_id) });
    first = {
      kpi_id: String(m.kpi_id),
      kpi_name: m.kpi_name,
      kpi_display_name: m.kpi_display_name,
      // The related-metrics list knows percent or plain numbers only.
      kpi_format: m.kpi_format === 'percentage' ? 'percentage' : 'number',
      metric_category: null,
      kpi_parent_uuid: null,
    };
  } else {
    const kpi = eventKpiOf(input.kpi_id);
    if (!kpi) throw badKpi();
    if (kpi.groupId) {
      await getEventGroupOrThrow({ ctx, id: kpi.groupId });
      const errors = eventMetric(`ev_group_${kpi.groupId}`, 'group_errors', 'Errors');
      const rate = eventMetric(
        `ev_group_rate_${kpi.groupId}`,
        'group_error_rate',
        'Error rate (% of page views)',
        true,
      );
      first = kpi.kind === 'group' ? errors : rate;
      rest.push(kpi.kind === 'group' ? rate : errors);
    } else {
      first = site.find((s) => s.kpi_id === input.kpi_id)!;
    }
  }
  return {
    kpis: [
      first,
      ...rest
        .filter((k) => k.kpi_id !== first.kpi_id)
        .sort((a, b) => a.kpi_display_name.localeCompare(b.kpi_display_name)),
    ],
  };
}

/**
 * The shopping funnel at an hour (spec 2 §5 rounding: a whole hour moves back one, else it is floored) against
 * the same hour's median over the week before.
 */
export async function metricFunnel({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    timestamp?: string | undefined;
    dim_name?: string | undefined;
    dim_val?: string | undefined;
    sub_type?: string | undefined;
    pipeline_schedule?: string | undefined;
  };
}) {
  const at = dateOf(input.timestamp, false) ?? new Date();
  const t = at.getTime();
  const hour = t % HOUR_MS === 0 ? t - HOUR_MS : Math.floor(t / HOUR_MS) * HOUR_MS;
  // Experience events chart the workspace's own metric funnel (modules/experience) when it has one.
  if (input.sub_type === 'experience' && !input.dim_name) {
    const steps = await eventsProviders()?.experience.funnelSteps({
      ctx,
      input: { at: hour, grain: input.pipeline_schedule ?? 'h' },
    });
    if (steps) return { funnel_steps: steps };
  }
  const dim =
    input.dim_name &&
    ['browser', 'os', 'device', 'page'].includes(input.dim_name) &&
    input.dim_val !== undefined
      ? { name: input.dim_name, value: input.dim_val }
      : null;
  if (input.dim_name && !dim) return { funnel_steps: [] };
  const from = new Date(hour - 7 * DAY_MS);
  const to = new Date(hour + HOUR_MS);
  const views = await repo.hourlySeriesByPage(ctx.db, ctx.tenantId, from, to, dim);
  const conversions = await repo.hourlySeries(ctx.db, ctx.tenantId, from, to, { kind: 'conversion' }, dim);
  const steps = ['Page views', 'Product views', 'Cart views', 'Checkout views', 'Purchases'];
  const byHour = new Map<number, number[]>();
  const at0 = (h: number) => {
    let row = byHour.get(h);
    if (!row) byHour.set(h, (row = [0, 0, 0, 0, 0]));
    return row;
  };
  for (const r of views) {
    const row = at0(r.hour.getTime());
    const stage = funnelOf(r.page);
    row[0]! += r.n;
    if (stage === 'Product') row[1]! += r.n;
    if (stage === 'Cart') row[2]! += r.n;
    if (stage === 'Checkout') row[3]! += r.n;
  }
  for (const r of conversions) at0(r.hour.getTime())[4]! += r.n;
  const current = byHour.get(hour) ?? [0, 0, 0, 0, 0];
  return {
    funnel_steps: steps.map((name, i) => {
      const history = [1, 2, 3, 4, 5, 6, 7]
        .map((d) => byHour.get(hour - d * DAY_MS)?.[i])
        .filter((v): v is number => v !== undefined)
        .sort((a, b) => a - b);
      const expected = history.length ? history[Math.floor(history.length / 2)]! : null;
      const movement = expected ? Math.round(((current[i]! - expected) / expected) * 1000) / 10 : null;
      return {
        kpi_display_name: name,
        y: Math.round(current[i]!),
        metric_value_movement_pct: movement,
        formatted_metric_value_movement_pct:
          movement === null ? null : `${movement > 0 ? '+' : ''}${movement}%`,
      };
    }),
  };
}

const DIMENSION_COLUMNS: Record<EventDimensionId, 'browser' | 'os' | 'device' | 'page'> = {
  ev_browser: 'browser',
  ev_os: 'os',
  ev_device: 'device',
  ev_page: 'page',
};

/** Values of a site-events dimension (the 50 with the most page views in 30 days). */
export async function eventDimensionValues({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { id: EventDimensionId };
}) {
  const { id } = input;
  // A scoped key lists its own dimension's value alone (metrics' dimensionValues); site events are not it.
  const scope = ctx.user.apiKey?.scope;
  if (scope)
    throw new AppError('forbidden', TOKEN_MESSAGES.scopedValues(`${scope.dimName}: ${scope.dimVal}`));
  return { data: await repo.dimensionValues(ctx.db, ctx.tenantId, DIMENSION_COLUMNS[id]) };
}
