import { EXPERIENCE_METRIC_NAME_PATTERN } from '@tidemark/contract';
import { epochMsArray, type Queryable } from '../../db/client';

// SQL of experience events: the workspace's experience metrics and their fitted series, and the experience
// groups they raise (rows of event_groups with sub_type 'experience'). Every statement is scoped by tenant_id.

/** Metrics watched as experience: marked so, or named as conversion, add-to-cart or checkout metrics. */
export const EXPERIENCE_NAME_PATTERN = EXPERIENCE_METRIC_NAME_PATTERN;

export interface ExperienceMetric {
  kpi_id: number;
  kpi_name: string;
  kpi_display_name: string;
  kpi_format: string;
  accent: 'positive' | 'negative';
  dollar_impact: number | null;
  table_id: number;
  funnel_name: string | null;
}

export async function experienceMetrics(db: Queryable, tenantId: number): Promise<ExperienceMetric[]> {
  return db.query<ExperienceMetric>(
    `select m.kpi_id::int, m.kpi_name, m.kpi_display_name, m.kpi_format, m.accent, m.dollar_impact,
            m.table_id::int, f.name as funnel_name
       from metrics m
       left join metric_groups f on f.tenant_id = m.tenant_id and f.metric_group_id = m.funnel_id
      where m.tenant_id = $1 and m.is_active
        and (m.is_experience or m.kpi_display_name ~* $2)
      order by m.kpi_id`,
    [tenantId, EXPERIENCE_NAME_PATTERN],
  );
}

/** The active metrics with their money per unit: the workspace's money metric is one of them. */
export async function pricedMetrics(
  db: Queryable,
  tenantId: number,
): Promise<
  Array<{
    kpi_id: number;
    kpi_display_name: string;
    dollar_impact: number | null;
    kpi_format: string;
    impact_to_topline: number | null;
  }>
> {
  return db.query(
    `select kpi_id::int, kpi_display_name, dollar_impact, kpi_format, impact_to_topline
       from metrics where tenant_id = $1 and is_active order by kpi_id`,
    [tenantId],
  );
}

export async function isExperienceMetric(db: Queryable, tenantId: number, kpiId: number): Promise<boolean> {
  const rows = await db.query(
    `select 1 from metrics where tenant_id = $1 and kpi_id = $2 and (is_experience or kpi_display_name ~* $3)`,
    [tenantId, kpiId, EXPERIENCE_NAME_PATTERN],
  );
  return rows.length > 0;
}

export async function filteringOf(db: Queryable, tenantId: number): Promise<unknown> {
  const rows = await db.query<{ filtering: unknown }>(
    'select filtering from event_settings where tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.filtering ?? null;
}

export async function timezoneOf(db: Queryable, tenantId: number): Promise<string> {
  const rows = await db.query<{ timezone: string | null }>(
    'select timezone from tenants where tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.timezone ?? 'Etc/UTC';
}

export interface FittedSeries {
  dim_name: string;
  dim_val: string;
  ts: number[];
  y: Array<number | null>;
  yhat: Array<number | null> | null;
  yhat_lower: Array<number | null> | null;
  yhat_upper: Array<number | null> | null;
}

/** The finest grain the metric has an overall fitted series at (hourly first). */
export async function finestGrain(db: Queryable, tenantId: number, kpiId: number): Promise<string | null> {
  const rows = await db.query<{ grain: string }>(
    `select grain from series where tenant_id = $1 and kpi_id = $2 and dim_name = '' and yhat is not null
      order by array_position(array['h','d','w','m'], grain::text) limit 1`,
    [tenantId, kpiId],
  );
  return rows[0]?.grain ?? null;
}

/**
 * A metric's series at a grain from `since` on: the overall one, or every dimension value's. The fit covers the
 * complete buckets from the first, so every array is cut at the same index.
 */
export async function fittedSeries(
  db: Queryable,
  input: { tenantId: number; kpiId: number; grain: string; since: Date; overall: boolean },
): Promise<FittedSeries[]> {
  return db.query<FittedSeries>(
    `select dim_name, dim_val, ${epochMsArray('ts[k:]')} as ts,
            y[k:] as y, yhat[k:] as yhat, yhat_lower[k:] as yhat_lower, yhat_upper[k:] as yhat_upper
       from (select s.*, coalesce((select min(o) from unnest(s.ts) with ordinality u (t, o) where t >= $4),
                                  cardinality(s.ts) + 1)::int as k
               from series s
              where s.tenant_id = $1 and s.kpi_id = $2 and s.grain = $3
                and ${input.overall ? `s.dim_name = ''` : `s.dim_name <> ''`}) s
      order by dim_name, dim_val`,
    [input.tenantId, input.kpiId, input.grain, input.since],
  );
}

export interface MetricDimension {
  dimension_id: string;
  name: string;
  display_name: string;
}

/** Dimensions of the metric's table (what its root cause and charts can split by). */
export async function dimensionsOfTable(
  db: Queryable,
  tenantId: number,
  tableId: number,
): Promise<MetricDimension[]> {
  return db.query<MetricDimension>(
    `select d.dimension_id::text, d.name, d.display_name
       from dimensions d join dimension_columns c on c.tenant_id = d.tenant_id and c.dimension_id = d.dimension_id
      where d.tenant_id = $1 and c.table_id = $2 order by d.display_name`,
    [tenantId, tableId],
  );
}

export interface ExperienceGroupRow {
  event_group_id: string;
  start_hour: Date;
  ts_start: Date;
  ts_end: Date;
  direction: string | null;
}

/** The experience groups a metric raised at a grain (their fingerprint), for matching on re-runs. */
export async function groupsOfFingerprint(
  db: Queryable,
  tenantId: number,
  fingerprint: string,
): Promise<ExperienceGroupRow[]> {
  return db.query<ExperienceGroupRow>(
    `select event_group_id::text, start_hour, ts_start, ts_end, figures->>'direction' as direction
       from event_groups where tenant_id = $1 and sub_type = 'experience' and fingerprint = $2
      order by ts_start`,
    [tenantId, fingerprint],
  );
}

/** One experience group by id (null for another kind of group or another workspace's). */
export async function experienceGroup(db: Queryable, tenantId: number, id: string) {
  const rows = await db.query<{ figures: unknown; ts_start: Date; ts_end: Date }>(
    `select figures, ts_start, ts_end from event_groups
      where tenant_id = $1 and event_group_id = $2 and sub_type = 'experience'`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** The first metric funnel holding an experience metric, with its metrics in funnel order (by tier, then id). */
export async function experienceFunnel(db: Queryable, tenantId: number) {
  return db.query<{ kpi_id: number; kpi_display_name: string; funnel_name: string }>(
    `with f as (
       select m.funnel_id from metrics m
        where m.tenant_id = $1 and m.is_active and m.funnel_id is not null
          and (m.is_experience or m.kpi_display_name ~* $2)
        order by m.kpi_id limit 1)
     select m.kpi_id::int, m.kpi_display_name, g.name as funnel_name
       from metrics m join f on f.funnel_id = m.funnel_id
       join metric_groups g on g.tenant_id = m.tenant_id and g.metric_group_id = m.funnel_id
      where m.tenant_id = $1 and m.is_active
      order by m.kpi_id`,
    [tenantId, EXPERIENCE_NAME_PATTERN],
  );
}
