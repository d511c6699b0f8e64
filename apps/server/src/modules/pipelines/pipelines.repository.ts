import { grainRank } from '@tidemark/contract';
import { epochMsArray, float8ArrayParam, type Queryable } from '../../db/client';

import type { RootCauseResult } from '@tidemark/detect';

import type { SeriesFit } from './analysis';
import { metricCurrencySql, shownFormatSql } from '../warehouse';

export interface PipelineMetric {
  kpi_id: number;
  kpi_display_name: string;
  kpi_format: string;
  /** 'currency' for a money metric (warehouse/money.ts), else kpi_format: what its texts are written in. */
  shown_format: string;
  /** A money metric's currency code (its own, else the workspace's); null for other metrics. */
  currency: string | null;
  accent: 'positive' | 'negative';
  tier: number;
  impact_to_topline: number | null;
  /** Money per unit of the metric, when the team set it. */
  dollar_impact: number | null;
  is_derived: boolean;
  table_id: number;
  connection_id: number;
}

export async function tenantSettings(
  db: Queryable,
  tenantId: number,
): Promise<{ timezone: string; currency_symbol: string }> {
  const rows = await db.query<{ timezone: string; currency_symbol: string }>(
    'select timezone, currency_symbol from tenants where tenant_id = $1',
    [tenantId],
  );
  return rows[0] ?? { timezone: 'Etc/UTC', currency_symbol: '$' };
}

/** Active metrics whose table has a date column: the ones that have series to analyse. */
export async function activeMetrics(db: Queryable, tenantId: number): Promise<PipelineMetric[]> {
  return db.query<PipelineMetric>(
    `select m.kpi_id::int, m.kpi_display_name, m.kpi_format, ${shownFormatSql('m')} as shown_format,
            ${metricCurrencySql('m', 't')} as currency, m.accent, m.tier, m.impact_to_topline, m.dollar_impact, m.is_derived,
            m.table_id::int, w.connection_id::int
       from metrics m join warehouse_tables w on w.tenant_id = m.tenant_id and w.table_id = m.table_id
       join tenants t on t.tenant_id = m.tenant_id
      where m.tenant_id = $1 and m.is_active and w.date_column is not null
      order by m.kpi_id`,
    [tenantId],
  );
}

export interface SeriesInput {
  dim_name: string;
  dim_val: string;
  /** Bucket starts as epoch ms: far cheaper to read than timestamps. */
  ts: number[];
  y: Array<number | null>;
  n: number[];
  /** The digest stored with the last fit, if any. */
  fit_input: string | null;
  fit_status: string | null;
  /** The last fit's expected values (one per bucket complete then) and its forecast past them. */
  yhat: Array<number | null> | null;
  forecast_ts: number[] | null;
  forecast_yhat: number[] | null;
}

export async function seriesOf(
  db: Queryable,
  /** withLastFit: also the last fit of each dimension value, to carry forward (fit-carry.ts). */
  input: { tenantId: number; kpiId: number; grain: string; withLastFit: boolean },
): Promise<SeriesInput[]> {
  // A metric's series share one grid of buckets: its times are read once, from the overall series, and
  // again only for a series whose grid differs. Turning 132 hourly grids into epoch ms took most of a read.
  const rows = await db.query<Omit<SeriesInput, 'ts'> & { ts: number[] | null }>(
    `select s.dim_name, s.dim_val,
            case when s.dim_name = '' or o.ts is null or s.ts is distinct from o.ts
                 then ${epochMsArray('s.ts')} end as ts,
            s.y, s.n, s.fit_input, s.fit_status,
            case when $4 and s.dim_name <> '' then s.yhat end as yhat,
            case when $4 and s.dim_name <> '' then
              ${epochMsArray('s.forecast_ts')} end as forecast_ts,
            case when $4 and s.dim_name <> '' then s.forecast_yhat end as forecast_yhat
       from series s
       left join series o on o.tenant_id = s.tenant_id and o.kpi_id = s.kpi_id and o.grain = s.grain and o.dim_name = ''
      where s.tenant_id = $1 and s.kpi_id = $2 and s.grain = $3
      order by s.dim_name, s.dim_val`,
    [input.tenantId, input.kpiId, input.grain, input.withLastFit],
  );
  const shared = rows.find((r) => r.dim_name === '')?.ts ?? [];
  return rows.map((r) => ({ ...r, ts: r.ts ?? shared }));
}

/** A series with its stored fit, or null: what the money metric says about a window. */
export async function fittedSeries(
  db: Queryable,
  input: { tenantId: number; kpiId: number; grain: string; dimName: string; dimVal: string },
): Promise<{
  ts: number[];
  y: Array<number | null>;
  yhat: Array<number | null>;
  lower: Array<number | null>;
  upper: Array<number | null>;
} | null> {
  const rows = await db.query<{
    ts: number[];
    y: Array<number | null>;
    yhat: Array<number | null> | null;
    lower: Array<number | null> | null;
    upper: Array<number | null> | null;
  }>(
    `select ${epochMsArray('ts')} as ts, y, yhat, yhat_lower as lower, yhat_upper as upper
       from series
      where tenant_id = $1 and kpi_id = $2 and grain = $3 and dim_name = $4 and dim_val = $5`,
    [input.tenantId, input.kpiId, input.grain, input.dimName, input.dimVal],
  );
  const r = rows[0];
  if (!r || !r.yhat || !r.lower || !r.upper) return null;
  return { ts: r.ts, y: r.y, yhat: r.yhat, lower: r.lower, upper: r.upper };
}

export async function grainsOf(db: Queryable, tenantId: number, kpiId: number): Promise<string[]> {
  const rows = await db.query<{ grain: string }>(
    `select distinct grain from series where tenant_id = $1 and kpi_id = $2 and dim_name = ''`,
    [tenantId, kpiId],
  );
  return rows.map((r) => r.grain).sort((a, b) => grainRank(a) - grainRank(b));
}

export async function storeFit(
  db: Queryable,
  input: { tenantId: number; kpiId: number; grain: string; fit: SeriesFit; fitInput: string | null },
): Promise<void> {
  const { fit } = input;
  await db.query(
    `update series set yhat = $6::float8[], yhat_lower = $7::float8[], yhat_upper = $8::float8[],
            fit_status = $9, fit_notes = $10::text[], fit_input = $11, fitted_at = now(),
            forecast_ts = (select array_agg(to_timestamp(t / 1000.0) order by o) from unnest($12::float8[]) with ordinality u (t, o)),
            forecast_yhat = $13::float8[], forecast_lower = $14::float8[], forecast_upper = $15::float8[]
      where tenant_id = $1 and kpi_id = $2 and grain = $3 and dim_name = $4 and dim_val = $5`,
    [
      input.tenantId,
      input.kpiId,
      input.grain,
      fit.dim_name,
      fit.dim_val,
      float8ArrayParam(fit.yhat),
      float8ArrayParam(fit.lower),
      float8ArrayParam(fit.upper),
      fit.status,
      fit.notes,
      input.fitInput,
      float8ArrayParam(fit.forecast?.ts),
      float8ArrayParam(fit.forecast?.yhat),
      float8ArrayParam(fit.forecast?.lower),
      float8ArrayParam(fit.forecast?.upper),
    ],
  );
}

export interface StoredInsightKey {
  insight_id: number;
  dim_name: string;
  dim_val: string;
  pattern_type: string;
  direction: string;
  insight_ts: Date;
  ts_end: Date;
  rootcause: RootCauseResult | null;
}

export async function insightsOfSeries(
  db: Queryable,
  input: { tenantId: number; kpiId: number; grain: string },
): Promise<StoredInsightKey[]> {
  return db.query<StoredInsightKey>(
    `select insight_id::int, dim_name, dim_val, pattern_type, direction, insight_ts, ts_end, rootcause
       from insights where tenant_id = $1 and kpi_id = $2 and grain = $3`,
    [input.tenantId, input.kpiId, input.grain],
  );
}

export interface InsightWrite {
  dim_name: string;
  dim_val: string;
  pattern_type: string;
  direction: string;
  insight_ts: Date;
  ts_end: Date;
  severity: string;
  severity_score: number;
  accent: string;
  draft: object;
  rootcause: object | null;
  dollar_impact: number | null;
}

export async function insertInsight(
  db: Queryable,
  input: { tenantId: number; kpiId: number; grain: string; insight: InsightWrite },
): Promise<void> {
  const i = input.insight;
  await db.query(
    `insert into insights (tenant_id, kpi_id, grain, dim_name, dim_val, pattern_type, direction, insight_ts, ts_end,
                           severity, severity_score, accent, draft, rootcause, dollar_impact)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      input.tenantId,
      input.kpiId,
      input.grain,
      i.dim_name,
      i.dim_val,
      i.pattern_type,
      i.direction,
      i.insight_ts,
      i.ts_end,
      i.severity,
      i.severity_score,
      i.accent,
      i.draft,
      i.rootcause,
      i.dollar_impact,
    ],
  );
}

/** The engine's figures move with new data; the team's own title and summary stay. */
export async function updateInsight(
  db: Queryable,
  input: { tenantId: number; insightId: number; insight: InsightWrite },
): Promise<void> {
  const i = input.insight;
  await db.query(
    `update insights set insight_ts = $3, ts_end = $4, severity = $5, severity_score = $6, accent = $7,
            draft = $8, rootcause = $9, direction = $10, dollar_impact = $11, updated_at = now()
      where tenant_id = $1 and insight_id = $2
        and (insight_ts, ts_end, severity, draft, rootcause, dollar_impact)
            is distinct from ($3, $4, $5, $8::jsonb, $9::jsonb, $11::float8)`,
    [
      input.tenantId,
      input.insightId,
      i.insight_ts,
      i.ts_end,
      i.severity,
      i.severity_score,
      i.accent,
      i.draft,
      i.rootcause,
      i.direction,
      i.dollar_impact,
    ],
  );
}

export async function recordRun(
  db: Queryable,
  input: {
    tenantId: number;
    kpiId: number;
    grain: string;
    status: 'success' | 'failure';
    reason: string | null;
    seriesCount: number;
    insightCount: number;
    durationMs: number;
    analysisMs: number;
  },
): Promise<void> {
  await db.query(
    `insert into pipeline_runs (tenant_id, kpi_id, grain, status, last_run, reason, series_count, insight_count, duration_ms, analysis_ms)
     values ($1, $2, $3, $4, now(), $5, $6, $7, $8, $9)
     on conflict (tenant_id, kpi_id, grain) do update set status = excluded.status, last_run = excluded.last_run,
       reason = excluded.reason, series_count = excluded.series_count, insight_count = excluded.insight_count,
       duration_ms = excluded.duration_ms, analysis_ms = excluded.analysis_ms`,
    [
      input.tenantId,
      input.kpiId,
      input.grain,
      input.status,
      input.reason,
      input.seriesCount,
      input.insightCount,
      input.durationMs,
      input.analysisMs,
    ],
  );
}

export interface GroupingRow {
  insight_id: number;
  group_id: number | null;
  kpi_id: number;
  grain: string;
  dim_name: string;
  dim_val: string;
  insight_ts: Date;
  draft: {
    insight_id_ts: string;
    insight_title: string;
    insight_summary: string;
    insight_severity: 'High' | 'Medium' | 'Low';
    accent: 'positive' | 'negative';
    pattern_type: 'Point Anomaly' | 'Trend Change';
    pattern_direction: 'up' | 'down';
    kpi_id: string;
    kpi_display_name: string;
    chart_ts_start: string;
    chart_ts_end: string;
    expected_value: number;
    current_value: number;
    pipeline_schedule: 'h' | 'd' | 'w' | 'm';
  };
  impact_to_topline: number | null;
  table_id: number;
}

/** Insights without a group, and the grouped ones near them in time that they may join. */
export async function insightsToGroup(
  db: Queryable,
  input: { tenantId: number; grain: string; nearMs: number },
): Promise<GroupingRow[]> {
  return db.query<GroupingRow>(
    `with fresh as (select insight_ts from insights where tenant_id = $1 and grain = $2 and group_id is null)
     select i.insight_id::int, i.group_id::int, i.kpi_id::int, i.grain, i.dim_name, i.dim_val, i.insight_ts, i.draft,
            m.impact_to_topline, m.table_id::int
       from insights i join metrics m on m.tenant_id = i.tenant_id and m.kpi_id = i.kpi_id
      where i.tenant_id = $1 and i.grain = $2
        and (i.group_id is null or exists (
              select 1 from fresh f where i.insight_ts between f.insight_ts - $3 * interval '1 millisecond'
                                                           and f.insight_ts + $3 * interval '1 millisecond'))
      order by i.insight_ts, i.insight_id`,
    [input.tenantId, input.grain, input.nearMs],
  );
}

export async function createGroup(
  db: Queryable,
  input: {
    tenantId: number;
    grain: string;
    draft: object;
    severity: string;
    tsStart: string;
    tsEnd: string;
    dimName: string;
    dimVal: string;
    topKpiId: number;
    insightIds: number[];
  },
): Promise<number> {
  const [row] = await db.query<{ group_id: number }>(
    `insert into insight_groups (tenant_id, grain, draft, severity, ts_start, ts_end, dim_name, dim_val, top_kpi_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning group_id::int`,
    [
      input.tenantId,
      input.grain,
      input.draft,
      input.severity,
      input.tsStart,
      input.tsEnd,
      input.dimName,
      input.dimVal,
      input.topKpiId,
    ],
  );
  await assignGroup(db, input.tenantId, row!.group_id, input.insightIds);
  return row!.group_id;
}

export async function updateGroup(
  db: Queryable,
  input: {
    tenantId: number;
    groupId: number;
    draft: object;
    severity: string;
    tsStart: string;
    tsEnd: string;
    topKpiId: number;
  },
): Promise<void> {
  await db.query(
    `update insight_groups set draft = $3, severity = $4, ts_start = least(ts_start, $5::timestamptz),
            ts_end = greatest(ts_end, $6::timestamptz), top_kpi_id = $7, updated_at = now()
      where tenant_id = $1 and group_id = $2`,
    [input.tenantId, input.groupId, input.draft, input.severity, input.tsStart, input.tsEnd, input.topKpiId],
  );
}

export async function assignGroup(
  db: Queryable,
  tenantId: number,
  groupId: number,
  insightIds: number[],
): Promise<void> {
  await db.query(
    'update insights set group_id = $2 where tenant_id = $1 and insight_id = any($3::bigint[]) and group_id is null',
    [tenantId, groupId, insightIds],
  );
}

/**
 * The members of every group whose window no longer runs from its first member's start to its last one's: a
 * change of the store's time zone moves every member (and new data may re-date a trend change).
 */
export async function membersOfMovedGroups(
  db: Queryable,
  input: { tenantId: number; grain: string },
): Promise<Array<GroupingRow & { group_id: number }>> {
  return db.query<GroupingRow & { group_id: number }>(
    `with span as (
       select group_id, min(insight_ts) as first, max(insight_ts) as last from insights
        where tenant_id = $1 and grain = $2 and group_id is not null group by group_id),
     moved as (
       select g.group_id from insight_groups g join span s on s.group_id = g.group_id
        where g.tenant_id = $1 and (g.ts_start, g.ts_end) is distinct from (s.first, s.last))
     select i.insight_id::int, i.group_id::int, i.kpi_id::int, i.grain, i.dim_name, i.dim_val, i.insight_ts, i.draft,
            m.impact_to_topline, m.table_id::int
       from insights i join metrics m on m.tenant_id = i.tenant_id and m.kpi_id = i.kpi_id
      where i.tenant_id = $1 and i.group_id in (select group_id from moved)
      order by i.group_id, i.insight_ts, i.insight_id`,
    [input.tenantId, input.grain],
  );
}

/**
 * A group's window (and, when given, its wording and top metric) from its members as they are now. The
 * severity it alerted at stays: a higher one alerts only when new members join (notifications' repeat rule).
 */
export async function refreshGroup(
  db: Queryable,
  input: {
    tenantId: number;
    groupId: number;
    draft: object | null;
    tsStart: Date;
    tsEnd: Date;
    topKpiId: number | null;
  },
): Promise<void> {
  await db.query(
    `update insight_groups
        set draft = coalesce($3::jsonb, draft)
                    || jsonb_build_object('group_severity', severity, 'group_ts_start', $4::text, 'group_ts_end', $5::text),
            ts_start = $6, ts_end = $7, top_kpi_id = coalesce($8, top_kpi_id), updated_at = now()
      where tenant_id = $1 and group_id = $2`,
    [
      input.tenantId,
      input.groupId,
      input.draft,
      input.tsStart.toISOString(),
      input.tsEnd.toISOString(),
      input.tsStart,
      input.tsEnd,
      input.topKpiId,
    ],
  );
}

/**
 * A group's dollar impact is its largest member's (signed): members of one group are mostly the same event
 * seen in several metrics and values, so adding them up would count it more than once.
 */
export async function refreshGroupImpact(db: Queryable, tenantId: number, grain: string): Promise<void> {
  await db.query(
    `update insight_groups g set dollar_impact = m.impact
       from (select distinct on (group_id) group_id, dollar_impact as impact
               from insights where tenant_id = $1 and grain = $2 and group_id is not null and dollar_impact is not null
              order by group_id, abs(dollar_impact) desc) m
      where g.tenant_id = $1 and g.group_id = m.group_id and g.dollar_impact is distinct from m.impact`,
    [tenantId, grain],
  );
}

/** A run found nothing changed: the series count as looked at, so the sweep leaves them be. */
export async function markSeen(
  db: Queryable,
  input: { tenantId: number; kpiId: number; grain: string },
): Promise<void> {
  await db.query(
    `update series set fitted_at = now()
      where tenant_id = $1 and kpi_id = $2 and grain = $3 and (fitted_at is null or fitted_at < updated_at)`,
    [input.tenantId, input.kpiId, input.grain],
  );
}

/** Runs a statement built for the warehouse (pairs.sql.ts). */
export async function warehouseRows<T extends object>(
  db: Queryable,
  statement: [string, unknown[]],
): Promise<T[]> {
  return db.query<T>(...statement);
}
