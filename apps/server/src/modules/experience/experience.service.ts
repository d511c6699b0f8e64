import type {
  EventDimension,
  EventGroup,
  EventImpactBasis,
  EventLabels,
  EventLogRow,
} from '@tidemark/contract';
import {
  DATE_FORMATS,
  formatDate,
  formatDuration,
  formatMoneyAmount,
  formatNumber,
  formatPercent,
  formatPercentValue,
} from '@tidemark/format';
import { abnormalChange, moneyMetricOf, type FittedPoints } from '@tidemark/detect';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import { EXPERIENCE_JOB, requestOutageLinks } from '../../jobs/stages';
import type { BaseContext, TenantContext } from '../../plugins/context';
import {
  BASELINE_WEEKS,
  EXPERIENCE_PRESETS,
  experienceEpisodes,
  experienceSeverity,
  presetOf,
  relativeChange,
  type Episode,
  type ExperiencePoint,
  type FitPoint,
} from './episodes';
import { saveEventGroup, type EventGroupWrite, type ExperienceViews } from '../events';
import * as repo from './experience.repository';

// Experience events (issue 12 item 5): after each pipeline run the workspace's experience metrics are read
// with their fit, and every run of buckets beyond the EVENTS_FILTERING_PREFERENCE width becomes an event group
// (type error, sub_type experience). The events API serves them beside site errors and outages.

type Ctx = BaseContext & { tenantId: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const BUCKET_MS: Record<string, number> = { h: HOUR_MS, d: DAY_MS, w: 7 * DAY_MS, m: 30 * DAY_MS };
/** How far back (from the newest bucket) experience episodes are raised: a quarter, as the report steps. */
export const EXPERIENCE_WINDOW_DAYS = 92;
/** Dimension values kept per dimension in a group's root cause. */
const ROOTCAUSE_VALUES_MAX = 20;

export const experienceFingerprint = (kpiId: number, grain: string) => `experience:${kpiId}:${grain}`;

interface RootCauseItem {
  dimension_name: string;
  dimension_display_name: string;
  dimension_value: string;
  expected: number;
  actual: number;
  movement_pct: number | null;
}

/** What an experience group keeps beside its row (figures), read back by the API. */
export interface ExperienceFigures {
  kind: 'experience';
  kpi_id: string;
  kpi_name: string;
  kpi_display_name: string;
  kpi_format: 'percentage' | 'number';
  grain: string;
  preset: 'large' | 'small';
  z: number;
  direction: 'up' | 'down';
  /** 'negative' when the move hurts the store (a drop of a metric where up is good), else 'positive'. */
  accent: 'positive' | 'negative';
  relative_change: number;
  dollar_impact_per_unit: number | null;
  dimensions: EventDimension[];
  top_dimension: string | null;
  points: ExperiencePoint[];
  rootcause: RootCauseItem[];
}

interface Revenue {
  name: string;
  points: FittedPoints;
}

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

/** Spec 2 §9: experience actual and expected values show 2 decimals. */
export const experienceValue = (v: number, format: 'percentage' | 'number') =>
  format === 'percentage' ? formatPercentValue(v, { decimals: 2 }) : formatNumber(v, 2);

/** The experience stage's job: asked for by each pipeline run (jobs/stages.ts), one per workspace at a time. */
export function experienceJobs(base: BaseContext): JobDefinition<never>[] {
  return [
    defineJob<{ tenantId: number }>({
      name: EXPERIENCE_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 3,
      async handler(job) {
        // Events written may be what a provider's outage cost: linked now, as the pipelines' groups are.
        if ((await raiseExperienceEvents({ ...base, tenantId: job.data.tenantId })) > 0)
          await requestOutageLinks(base, job.data.tenantId);
      },
    }) as JobDefinition<never>,
  ];
}

/**
 * Raises the workspace's experience events from the stored fits. Idempotent: an episode that overlaps a
 * group of the same metric, grain and direction refreshes that group; only a new one takes a new number.
 * Returns the groups written.
 */
export async function raiseExperienceEvents(ctx: Ctx): Promise<number> {
  const preset = presetOf(await repo.filteringOf(ctx.db, ctx.tenantId));
  if (!preset) return 0;
  const timezone = await repo.timezoneOf(ctx.db, ctx.tenantId);
  const money = moneyMetricOf(await repo.pricedMetrics(ctx.db, ctx.tenantId));
  const revenueAt = new Map<string, Revenue | null>();
  const revenue = async (grain: string): Promise<Revenue | null> => {
    if (!money) return null;
    if (!revenueAt.has(grain)) {
      const [s] = await repo.fittedSeries(ctx.db, {
        tenantId: ctx.tenantId,
        kpiId: money.kpi_id,
        grain,
        since: new Date(0),
        overall: true,
      });
      revenueAt.set(
        grain,
        s?.yhat && s.yhat_lower && s.yhat_upper
          ? {
              name: money.kpi_display_name,
              points: { ts: s.ts, y: s.y, yhat: s.yhat, lower: s.yhat_lower, upper: s.yhat_upper },
            }
          : null,
      );
    }
    return revenueAt.get(grain) ?? null;
  };
  let written = 0;
  for (const metric of await repo.experienceMetrics(ctx.db, ctx.tenantId)) {
    // Daily series tell sustained moves, hourly ones short breaks; one story is told once. A single day that
    // holds hourly runs of the same direction is told by them (they say when it started and stopped); hourly
    // runs inside a move of several days are told by it.
    const daily = await episodesOf(ctx, metric, 'd', preset);
    const hourly = await episodesOf(ctx, metric, 'h', preset);
    const same = (a: Episode, b: Episode) =>
      a.direction === b.direction && a.start < b.end && a.end > b.start;
    if (daily && hourly) {
      const DAY = BUCKET_MS.d!;
      daily.episodes = daily.episodes.filter(
        (d) => d.end - d.start > DAY || !hourly.episodes.some((h) => same(d, h)),
      );
      hourly.episodes = hourly.episodes.filter((h) => !daily.episodes.some((d) => same(d, h)));
    }
    for (const found of [daily, hourly]) {
      if (found?.episodes.length)
        written += await writeEpisodes(ctx, metric, found, preset, timezone, await revenue(found.grain));
    }
  }
  return written;
}

interface Found {
  grain: string;
  episodes: Episode[];
}

async function episodesOf(
  ctx: Ctx,
  metric: repo.ExperienceMetric,
  grain: 'h' | 'd',
  preset: 'large' | 'small',
): Promise<Found | null> {
  const [overall] = await repo.fittedSeries(ctx.db, {
    tenantId: ctx.tenantId,
    kpiId: metric.kpi_id,
    grain,
    since: new Date(0),
    overall: true,
  });
  if (!overall?.ts.length || !overall.yhat) return null;
  const newest = overall.ts.at(-1)!;
  const from = newest - EXPERIENCE_WINDOW_DAYS * DAY_MS;
  const points = fitPointsOf(overall).filter((p) => p.ts >= from);
  return { grain, episodes: experienceEpisodes(points, EXPERIENCE_PRESETS[preset], BUCKET_MS[grain]!) };
}

/** Each bucket with its fit and the same bucket 1–4 weeks before. */
function fitPointsOf(s: repo.FittedSeries): FitPoint[] {
  const byTs = new Map(s.ts.map((t, i) => [t, s.y[i] ?? null]));
  return s.ts.map((ts, i) => ({
    ts,
    y: s.y[i] ?? null,
    yhat: s.yhat?.[i] ?? null,
    lower: s.yhat_lower?.[i] ?? null,
    upper: s.yhat_upper?.[i] ?? null,
    history: Array.from({ length: BASELINE_WEEKS }, (_, w) => byTs.get(ts - (w + 1) * 7 * DAY_MS)).filter(
      (v): v is number => v !== null && v !== undefined,
    ),
  }));
}

async function writeEpisodes(
  ctx: Ctx,
  metric: repo.ExperienceMetric,
  found: Found,
  preset: 'large' | 'small',
  timezone: string,
  revenue: Revenue | null,
): Promise<number> {
  const { grain, episodes } = found;
  const bucketMs = BUCKET_MS[grain] ?? DAY_MS;
  const dimensions = await repo.dimensionsOfTable(ctx.db, ctx.tenantId, metric.table_id);
  const values = await repo.fittedSeries(ctx.db, {
    tenantId: ctx.tenantId,
    kpiId: metric.kpi_id,
    grain,
    since: new Date(Math.min(...episodes.map((e) => e.start)) - 28 * DAY_MS),
    overall: false,
  });
  const fingerprint = experienceFingerprint(metric.kpi_id, grain);
  const format = metric.kpi_format === 'percentage' ? 'percentage' : 'number';
  const wireDimensions: EventDimension[] = dimensions.map((d) => ({
    dimension_id: d.dimension_id,
    dimension_name: d.name,
    dimension_display_name: d.display_name,
    split_enabled: true,
  }));
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.groupsOfFingerprint(tx, ctx.tenantId, fingerprint);
    const claimed = new Set<string>();
    for (const episode of episodes) {
      const rootcause = rootCauseOf(episode, values, dimensions, bucketMs);
      const write = groupWrite({
        metric,
        grain,
        preset,
        timezone,
        format,
        episode,
        rootcause,
        dimensions: wireDimensions,
        fingerprint,
        revenue,
        bucketMs,
      });
      const match = existing.find(
        (e) =>
          !claimed.has(e.event_group_id) &&
          e.direction === episode.direction &&
          e.ts_start.getTime() < episode.end &&
          e.ts_end.getTime() > episode.start,
      );
      // Written through the events area, so an experience event alerts as site errors and outages do.
      const id = await saveEventGroup({
        ctx,
        tx,
        input: { tenantId: ctx.tenantId, group: write, ...(match ? { id: match.event_group_id } : {}) },
      });
      claimed.add(id);
    }
    return episodes.length;
  });
}

/**
 * Root cause by dimension: each value's actual against its expected over the episode's buckets. The expected
 * value is the value's own fit where it has one, else the mean of the same buckets 1–4 weeks before.
 */
export function rootCauseOf(
  episode: Episode,
  values: repo.FittedSeries[],
  dimensions: repo.MetricDimension[],
  bucketMs: number,
): RootCauseItem[] {
  const buckets = episode.points.map((p) => p.ts);
  const out: RootCauseItem[] = [];
  for (const dim of dimensions) {
    const items: RootCauseItem[] = [];
    for (const s of values.filter((v) => v.dim_name === dim.name)) {
      const index = new Map(s.ts.map((t, i) => [t, i]));
      let actual = 0;
      let expected = 0;
      let known = 0;
      for (const b of buckets) {
        const i = index.get(b);
        const y = i === undefined ? 0 : (s.y[i] ?? 0);
        actual += y;
        // As the episode's own baseline: the same bucket over the weeks before, else the value's fit.
        const lag = bucketMs <= DAY_MS ? 7 * DAY_MS : bucketMs;
        const history = Array.from({ length: BASELINE_WEEKS }, (_, w) => index.get(b - (w + 1) * lag))
          .map((j) => (j === undefined ? null : (s.y[j] ?? null)))
          .filter((v): v is number => v !== null && Number.isFinite(v))
          .sort((x, y) => x - y);
        const fit = i === undefined ? null : (s.yhat?.[i] ?? null);
        if (history.length >= 2) {
          const mid = Math.floor(history.length / 2);
          expected += history.length % 2 ? history[mid]! : (history[mid - 1]! + history[mid]!) / 2;
          known++;
        } else if (fit !== null && Number.isFinite(fit)) {
          expected += fit;
          known++;
        }
      }
      if (!known) continue;
      items.push({
        dimension_name: dim.name,
        dimension_display_name: dim.display_name,
        dimension_value: s.dim_val,
        expected: round(expected / buckets.length),
        actual: round(actual / buckets.length),
        movement_pct: expected !== 0 ? round(((actual - expected) / Math.abs(expected)) * 100, 1) : null,
      });
    }
    // Values that moved most in the episode's direction first.
    const sign = episode.direction === 'down' ? -1 : 1;
    items.sort((a, b) => sign * (b.actual - b.expected) - sign * (a.actual - a.expected));
    out.push(...items.slice(0, ROOTCAUSE_VALUES_MAX));
  }
  return out;
}

/** The dimension whose leading value carries the largest share of the move (spec 2 §4 top_dimension). */
function topDimensionOf(rootcause: RootCauseItem[], direction: 'up' | 'down'): RootCauseItem | null {
  const sign = direction === 'down' ? -1 : 1;
  let best: { item: RootCauseItem; share: number } | null = null;
  const names = [...new Set(rootcause.map((r) => r.dimension_name))];
  for (const name of names) {
    const items = rootcause.filter((r) => r.dimension_name === name);
    const total = items.reduce((a, r) => a + Math.abs(r.actual - r.expected), 0);
    const lead = items[0];
    if (!lead || total === 0) continue;
    const share = (sign * (lead.actual - lead.expected)) / total;
    if (share > 0 && (!best || share > best.share)) best = { item: lead, share };
  }
  return best?.item ?? null;
}

function groupWrite(g: {
  metric: repo.ExperienceMetric;
  grain: string;
  preset: 'large' | 'small';
  timezone: string;
  format: 'percentage' | 'number';
  episode: Episode;
  rootcause: RootCauseItem[];
  dimensions: EventDimension[];
  fingerprint: string;
  /** The workspace's money metric at this grain: what the event cost is read from it. */
  revenue?: Revenue | null;
  bucketMs?: number;
}): EventGroupWrite {
  const { metric, episode, format } = g;
  const name = metric.kpi_display_name;
  const change = relativeChange(episode);
  const down = episode.direction === 'down';
  const harmful = down === (metric.accent === 'positive');
  const mean = (pick: (p: ExperiencePoint) => number) =>
    episode.points.reduce((a, p) => a + pick(p), 0) / episode.points.length;
  const actual = mean((p) => p.current_value);
  const baseline = mean((p) => p.baseline);
  const lower = mean((p) => p.lower_cap);
  const upper = mean((p) => p.upper_cap);
  const top = topDimensionOf(g.rootcause, episode.direction);
  const duration = episode.end - episode.start;
  const pct = formatPercent(Math.abs(change), { decimals: 0 });
  const title = `${name} ${down ? 'dropped' : 'rose'} ${pct} ${down ? 'below' : 'above'} expected`;
  const when = formatDate(episode.start, { tz: g.timezone, format: DATE_FORMATS.dateTime });
  const per = g.grain === 'h' ? ' an hour' : g.grain === 'd' ? ' a day' : '';
  const mostly = top
    ? `, mostly ${top.dimension_display_name} ${top.dimension_value} (${experienceValue(top.actual, format)} against ${experienceValue(top.expected, format)})`
    : '';
  const summary =
    `${name} was ${experienceValue(actual, format)}${per} against ${experienceValue(baseline, format)} expected ` +
    `(range ${experienceValue(lower, format)}–${experienceValue(upper, format)}) for ${formatDuration(duration)} ` +
    `from ${when}${mostly}.`;
  // Revenue that left its range in the event's buckets is what the event cost: a step that stopped counting
  // while orders went on (a tracking outage) cost nothing. Without a revenue metric, the step's value per unit.
  const lost = !harmful
    ? null
    : g.revenue
      ? -abnormalChange(g.revenue.points, episode.start, episode.end - 1, 'down')
      : metric.dollar_impact !== null
        ? episode.points.reduce((a, p) => a + Math.abs(p.current_value - p.baseline), 0) *
          metric.dollar_impact
        : null;
  const description = [
    `- ${name} left its expected range ${down ? 'downwards' : 'upwards'} (${g.preset === 'large' ? '3' : '1'} standard deviation${g.preset === 'large' ? 's' : ''}) for ${formatDuration(duration)}.`,
    harmful
      ? `- Fewer visitors than usual went through this step of the store: ${pct} ${down ? 'below' : 'above'} its baseline.`
      : `- The move is in the good direction for the store.`,
    ...(top
      ? [
          `- The largest change was in ${top.dimension_display_name} ${top.dimension_value}${top.movement_pct !== null ? ` (${top.movement_pct > 0 ? '+' : ''}${top.movement_pct}%)` : ''}.`,
        ]
      : []),
  ].join('\n');
  const action = harmful
    ? [
        `- Walk through the ${name.toLowerCase()} step of the store yourself, on the device most affected.`,
        '- Check the site errors and provider outages of the same hours on this page.',
        '- Compare with releases, price or campaign changes made just before it started.',
      ].join('\n')
    : ['- See which campaign or change drove it, and whether it can be repeated.'].join('\n');
  const basis: EventImpactBasis = {
    quantified: lost !== null,
    affected_sessions: 0,
    affected_conversions: 0,
    affected_conversion_rate: null,
    comparable_sessions: 0,
    comparable_conversions: 0,
    comparable_conversion_rate: null,
    average_order_value: metric.dollar_impact,
    order_value_source: null,
    minimum_sessions: 0,
    formula: g.revenue
      ? `lost revenue = Σ (expected − actual) ${g.revenue.name} over the event's buckets where it left its range`
      : `lost revenue = Σ |${name} − expected| over the event's buckets × the metric's dollar impact per unit (an estimate: no revenue metric)`,
  };
  const figures: ExperienceFigures = {
    kind: 'experience',
    kpi_id: String(metric.kpi_id),
    kpi_name: metric.kpi_name,
    kpi_display_name: name,
    kpi_format: format,
    grain: g.grain,
    preset: g.preset,
    z: EXPERIENCE_PRESETS[g.preset].z,
    direction: episode.direction,
    accent: harmful ? 'negative' : 'positive',
    relative_change: round(change),
    dollar_impact_per_unit: metric.dollar_impact,
    dimensions: g.dimensions,
    top_dimension: top?.dimension_name ?? null,
    points: episode.points.map((p) => ({
      ts: p.ts,
      current_value: round(p.current_value),
      baseline: round(p.baseline),
      upper_cap: round(p.upper_cap),
      lower_cap: round(p.lower_cap),
      score: Number.isFinite(p.score) ? round(p.score, 2) : p.score > 0 ? 999 : -999,
    })),
    rootcause: g.rootcause,
  };
  const labels: EventLabels & { category: string } = {
    duration: duration < HOUR_MS + 1 ? 'Short' : duration < DAY_MS ? 'Medium' : 'Long',
    frequency: episode.points.length >= 6 ? 'Frequent' : episode.points.length >= 2 ? 'Occasional' : 'Rare',
    primary_driver: null,
    primary_driver_os: null,
    primary_driver_browser: null,
    is_default: true,
    category: 'Experience',
  };
  const leading = [...new Set(g.rootcause.map((r) => r.dimension_name))]
    .map((n) => g.rootcause.find((r) => r.dimension_name === n)!)
    .sort((a, b) => Math.abs(b.actual - b.expected) - Math.abs(a.actual - a.expected))
    .slice(0, 3)
    .map((r) => `${r.dimension_display_name}: ${r.dimension_value}`);
  return {
    fingerprint: g.fingerprint,
    start_hour: new Date(episode.start),
    type: 'error',
    sub_type: 'experience',
    trigger: 'rate',
    status: episode.open ? 'Active' : 'Closed',
    ts_start: new Date(episode.start),
    ts_end: new Date(episode.end),
    number_of_events: episode.points.length,
    severity: experienceSeverity(episode, metric.accent),
    title,
    summary,
    description,
    action,
    error_message: title,
    pages: [],
    affected_components: leading,
    impacted_areas: leading,
    funnels: metric.funnel_name ? [metric.funnel_name] : [],
    labels,
    impact_value: lost === null ? null : round(lost, 2),
    impact_basis: basis,
    impact_sections: [],
    extent: null,
    figures,
  };
}

// ---- Reads for the events API ----

/** The columns of an event_groups row the experience mapping reads (a subset of the events module's row). */
export interface ExperienceRowLike {
  event_group_id: string;
  tenant_id: string;
  sequence_id: number;
  fingerprint: string;
  status: 'Active' | 'Closed';
  ts_start: Date;
  ts_end: Date;
  number_of_events: number;
  severity: 'High' | 'Medium' | 'Low';
  title: string;
  summary: string;
  description: string;
  action: string;
  error_message: string;
  affected_components: string[];
  impacted_areas: string[];
  funnels: string[];
  labels: unknown;
  impact_value: number | null;
  impact_basis: unknown;
  figures: unknown;
  currency_symbol?: string | undefined;
}

export const isExperienceFigures = (f: unknown): f is ExperienceFigures =>
  typeof f === 'object' && f !== null && (f as { kind?: unknown }).kind === 'experience';

/** An amount in the workspace's currency (its symbol read with the row), never a hard-coded '$'. */
const money = (value: number | null, symbol: string | undefined) =>
  value === null ? null : formatMoneyAmount(value, symbol);

/** An experience group on the wire: the metric's chart, its dimensions, the payload rows and the impact. */
export function experienceGroupOf(row: ExperienceRowLike, withRows: boolean, now = Date.now()): EventGroup {
  const f = row.figures as ExperienceFigures;
  const labels = row.labels as EventLabels & { category?: string };
  const { category, ...wireLabels } = labels;
  const end = row.status === 'Closed' ? row.ts_end.getTime() : now;
  const events: EventLogRow[] = withRows
    ? [...f.points].reverse().map((p) => ({
        event_uuid: `${row.event_group_id}-${Math.floor(p.ts / 1000)}`,
        start_time: new Date(p.ts).toISOString(),
        status_code: null,
        payload: {
          current_value: p.current_value,
          baseline: p.baseline,
          upper_cap: p.upper_cap,
          lower_cap: p.lower_cap,
        },
        description: `${f.kpi_display_name} ${experienceValue(p.current_value, f.kpi_format)} against ${experienceValue(p.baseline, f.kpi_format)} expected`,
        data: null,
        component_status_changes: [],
        top_dimension: f.top_dimension,
      }))
    : [];
  return {
    event_group_id: row.event_group_id,
    event_group_uuid: row.event_group_id,
    formatted_event_group_sequence_id: `EV-${String(row.sequence_id).padStart(4, '0')}`,
    status: row.status,
    type: 'error',
    sub_type: 'experience',
    event_group_ts_start: row.ts_start.toISOString(),
    event_group_ts_end: row.ts_end.toISOString(),
    duration_ms: Math.max(0, end - row.ts_start.getTime()),
    number_of_events: row.number_of_events,
    category_display_name: category ?? 'Experience',
    category_logo_url: null,
    provider_display_name: 'Store experience',
    provider_logo_url: null,
    provider_home_page_url: null,
    provider_status_page_url: null,
    provider_uuid: 'experience',
    description: row.description,
    action: row.action,
    title: row.title,
    summary: row.summary,
    severity: row.severity,
    kpi_id: f.kpi_id,
    kpi_name: f.kpi_name,
    kpi_display_name: f.kpi_display_name,
    kpi_format: f.kpi_format,
    tenant_id: row.tenant_id,
    dimensions: f.dimensions,
    funnels: row.funnels,
    labels: wireLabels,
    affected_components: row.affected_components,
    impact: {
      // As site errors: stored as the revenue lost, negative on the wire (red, falling on screens).
      monetary: {
        value: row.impact_value === null ? null : -row.impact_value,
        formatted_value: money(row.impact_value, row.currency_symbol),
      },
      sections: [],
    },
    details: {
      event_classification: { error_message: row.error_message },
      impacted_areas: row.impacted_areas,
      impact_basis: row.impact_basis as EventImpactBasis,
      fingerprint: row.fingerprint,
      affected_page_views: 0,
      total_page_views: 0,
      affected_sessions: 0,
    },
    percentage_extent_distribution: null,
    events,
  };
}

/** events/{event_uuid}/rootcause of an experience group: each value's actual against expected in its window. */
export function experienceRootCause(figures: ExperienceFigures, dimensionNames: string[] | null) {
  const wanted = dimensionNames ? new Set(dimensionNames) : null;
  return figures.rootcause
    .filter((r) => !wanted || wanted.has(r.dimension_name))
    .map((r) => {
      const movement = r.movement_pct ?? 0;
      return {
        dimension_name: r.dimension_name,
        dimension_value: r.dimension_value,
        expected_dimension_value: Math.round(r.expected * 100) / 100,
        actual_dimension_value: Math.round(r.actual * 100) / 100,
        dimension_value_movement_pct: movement,
        formatted_dimension_value_movement_pct: `${movement > 0 ? '+' : ''}${movement}%`,
      };
    });
}

/**
 * metrics/funnel with sub_type=experience: the workspace's metric funnel that holds an experience metric, each
 * step's value at the bucket of `at` against its expected value; widest step first (a funnel narrows). Null
 * when the workspace has no such funnel (the site's own funnel answers then).
 */
export async function experienceFunnelSteps({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { at: number; grain: string };
}) {
  const { at, grain: wanted } = input;
  const metrics = await repo.experienceFunnel(ctx.db, ctx.tenantId);
  if (!metrics.length) return null;
  const steps: Array<{ name: string; y: number; expected: number | null }> = [];
  for (const m of metrics) {
    const read = (grain: string) =>
      repo.fittedSeries(ctx.db, {
        tenantId: ctx.tenantId,
        kpiId: m.kpi_id,
        grain,
        since: new Date(at - 2 * (BUCKET_MS[grain] ?? DAY_MS)),
        overall: true,
      });
    let [s] = await read(wanted);
    if (!s) {
      const finest = await repo.finestGrain(ctx.db, ctx.tenantId, m.kpi_id);
      if (finest) [s] = await read(finest);
    }
    if (!s) continue;
    // The bucket holding `at`, or the newest before it.
    let i = -1;
    s.ts.forEach((t, j) => {
      if (t <= at) i = j;
    });
    if (i < 0) continue;
    steps.push({ name: m.kpi_display_name, y: s.y[i] ?? 0, expected: s.yhat?.[i] ?? null });
  }
  steps.sort((a, b) => (b.expected ?? b.y) - (a.expected ?? a.y));
  return steps.map((s) => {
    const movement =
      s.expected !== null && s.expected !== 0
        ? Math.round(((s.y - s.expected) / Math.abs(s.expected)) * 1000) / 10
        : null;
    return {
      kpi_display_name: s.name,
      y: Math.round(s.y * 100) / 100,
      metric_value_movement_pct: movement,
      formatted_metric_value_movement_pct:
        movement === null ? null : `${movement > 0 ? '+' : ''}${movement}%`,
    };
  });
}

/** The workspace's experience metrics (what the weekly report lists as the experience checks). */
export async function listExperienceMetrics({ ctx }: { ctx: TenantContext }) {
  const metrics = await repo.experienceMetrics(ctx.db, ctx.tenantId);
  return metrics.map((m) => ({ kpi_id: String(m.kpi_id), kpi_display_name: m.kpi_display_name }));
}

/** What the events API needs to show experience groups; app.ts hands it to the events routes. */
export const experienceViews: ExperienceViews = {
  isFigures: isExperienceFigures,
  groupOf: (row, withRows) => experienceGroupOf(row, withRows),
  rootCause: (figures, dimensionNames) => experienceRootCause(figures as ExperienceFigures, dimensionNames),
  funnelSteps: experienceFunnelSteps,
  metrics: listExperienceMetrics,
};
