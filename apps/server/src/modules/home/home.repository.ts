import type { Queryable } from '../../db/client';

export interface MetricRow {
  kpi_id: string;
  kpi_display_name: string;
  kpi_format: 'number' | 'percentage' | 'currency';
  accent: 'positive' | 'negative';
  aggregation_operation: string;
}

/** The workspace's active metrics, the North Star candidates first (top tier, most of the topline). */
export async function activeMetrics(db: Queryable, tenantId: number): Promise<MetricRow[]> {
  return db.query<MetricRow>(
    // A metric counted in money (one dollar a unit, as the engine's isMoneyMetric) shows the workspace's currency.
    `select kpi_id::text, kpi_display_name,
            case when kpi_format = 'currency' or dollar_impact = 1 then 'currency' else kpi_format end as kpi_format,
            accent, aggregation_operation
       from metrics where tenant_id = $1 and is_active
      order by tier, impact_to_topline desc nulls last, dollar_impact desc nulls last, kpi_id`,
    [tenantId],
  );
}

/** The first kpi of the user's My Metrics, when they chose some. */
export async function firstMyMetric(db: Queryable, tenantId: number, userId: number): Promise<string | null> {
  const rows = await db.query<{ kpi: string | null }>(
    `select preference_value->'kpis'->>0 as kpi from user_preferences
      where tenant_id = $1 and user_id = $2 and preference_name = 'MY_METRICS_PREFERENCE' and is_active`,
    [tenantId, userId],
  );
  return rows[0]?.kpi ?? null;
}

export interface TailPoint {
  kpi_id: string;
  grain: 'd' | 'm';
  ts: Date;
  y: number | null;
  n: number | null;
  yhat: number | null;
  lower: number | null;
  upper: number | null;
  /** Months since year 0 on the workspace's clock, so quarters can be formed (monthly points only). */
  month_index: number;
}

/**
 * The newest buckets of each active metric's daily and monthly series for one dimension value ('' is the
 * metric overall): enough for the last complete day with 30 days before it, and two complete quarters.
 * Only the arrays' tails are read (slices), never whole series.
 */
export async function seriesTails(
  db: Queryable,
  input: {
    tenantId: number;
    dimName: string;
    dimVal: string;
    timezone: string;
    days: number;
    months: number;
  },
): Promise<TailPoint[]> {
  return db.query<TailPoint>(
    `select s.kpi_id::text, s.grain, p.ts, p.y, p.n, p.yhat, p.lower, p.upper,
            (extract(year from p.ts at time zone $4) * 12 + extract(month from p.ts at time zone $4) - 1)::int
              as month_index
       from metrics m
       join series s on s.tenant_id = m.tenant_id and s.kpi_id = m.kpi_id
        and s.grain in ('d', 'm') and s.dim_name = $2 and s.dim_val = $3
       cross join lateral (
         select greatest(1, cardinality(s.ts) - case s.grain when 'd' then $5::int else $6::int end + 1) as lo,
                cardinality(s.ts) as hi
       ) b
       cross join lateral unnest(s.ts[b.lo:b.hi], s.y[b.lo:b.hi], s.n[b.lo:b.hi], s.yhat[b.lo:b.hi],
                                 s.yhat_lower[b.lo:b.hi], s.yhat_upper[b.lo:b.hi]) as p (ts, y, n, yhat, lower, upper)
      where m.tenant_id = $1 and m.is_active and p.ts is not null
      order by s.kpi_id, s.grain, p.ts`,
    [input.tenantId, input.dimName, input.dimVal, input.timezone, input.days, input.months],
  );
}

export interface ItemRow {
  kind: 'insight_group' | 'event_group';
  id: string;
  title: string;
  severity: 'High' | 'Medium' | 'Low';
  accent: string | null;
  ts_start: Date;
  ts_end: Date;
  dollar_impact: number | null;
  status: string;
}

/**
 * Open insight groups and event groups of the last `days` before the newest of each, the largest money
 * first (a loss and a gain of the same size rank alike), then the most severe, then the newest.
 */
export async function moneyRankedItems(
  db: Queryable,
  input: { tenantId: number; dimName: string; dimVal: string; days: number; limit: number },
): Promise<ItemRow[]> {
  return db.query<ItemRow>(
    `with g as (
       select 'insight_group'::text as kind, g.group_id::text as id, coalesce(g.title, g.draft->>'group_title') as title,
              g.severity, g.draft->>'group_accent' as accent, g.ts_start, g.ts_end, g.dollar_impact,
              g.team_state as status
         from insight_groups g
        where g.tenant_id = $1 and g.team_state = 'Open'
          and ($2 = '' or (g.dim_name = $2 and g.dim_val = $3))
          and g.ts_end >= (select max(ts_end) from insight_groups where tenant_id = $1) - make_interval(days => $4)
     ), e as (
       select 'event_group'::text, e.event_group_id::text, e.title, e.severity, 'negative', e.ts_start, e.ts_end,
              e.impact_value, e.status
         from event_groups e
        where e.tenant_id = $1
          and e.ts_end >= (select max(ts_end) from event_groups where tenant_id = $1) - make_interval(days => $4)
     )
     select * from (select * from g union all select * from e) items
      order by abs(dollar_impact) desc nulls last,
               case severity when 'High' then 0 when 'Medium' then 1 else 2 end, ts_end desc, id
      limit $5`,
    [input.tenantId, input.dimName, input.dimVal, input.days, input.limit],
  );
}

export interface EventCountRow {
  severity: 'High' | 'Medium' | 'Low';
  type: string;
  sub_type: string | null;
  count: number;
  ts_start: Date;
  ts_end: Date;
}

/** Event groups of the last `days` before the newest, counted by severity and type. */
export async function eventCounts(
  db: Queryable,
  input: { tenantId: number; days: number },
): Promise<EventCountRow[]> {
  return db.query<EventCountRow>(
    `with w as (
       select max(ts_end) as last from event_groups where tenant_id = $1
     )
     select e.severity, e.type, e.sub_type, count(*)::int as count,
            w.last - make_interval(days => $2) as ts_start, w.last as ts_end
       from event_groups e, w
      where e.tenant_id = $1 and e.ts_end >= w.last - make_interval(days => $2)
      group by e.severity, e.type, e.sub_type, w.last`,
    [input.tenantId, input.days],
  );
}

export async function tenantTimezone(db: Queryable, tenantId: number): Promise<string> {
  const rows = await db.query<{ timezone: string }>('select timezone from tenants where tenant_id = $1', [
    tenantId,
  ]);
  return rows[0]?.timezone ?? 'Etc/UTC';
}
