import { arrayOnce, epochMsArray, type Db, type Queryable } from '../../db/client';
import { quoteIdent } from '../warehouse';

export async function tenantTimezone(db: Queryable, tenantId: number): Promise<string> {
  const rows = await db.query<{ timezone: string }>('select timezone from tenants where tenant_id = $1', [
    tenantId,
  ]);
  return rows[0]?.timezone ?? 'Etc/UTC';
}

/**
 * Where an incremental recompute starts, on the local clock: the start of the week or the month holding
 * the earliest changed date, whichever is earlier, so every bucket it rewrites is rebuilt whole.
 */
export async function incrementalBoundary(db: Queryable, dirtyFrom: Date, timezone: string): Promise<string> {
  const rows = await db.query<{ b: string }>(
    `select to_char(least(date_trunc('week', ($1::timestamptz at time zone $2) + interval '1 day') - interval '1 day',
                          date_trunc('month', $1::timestamptz at time zone $2)), 'YYYY-MM-DD HH24:MI:SS') as b`,
    [dirtyFrom, timezone],
  );
  return rows[0]!.b;
}

export async function deleteSeries(
  db: Queryable,
  input: { tenantId: number; kpiIds: number[] },
): Promise<void> {
  await db.query('delete from series where tenant_id = $1 and kpi_id = any($2::bigint[])', [
    input.tenantId,
    input.kpiIds,
  ]);
}

export async function dimensionColumns(db: Queryable, tenantId: number, dimensionId: number) {
  return db.query<{ field_name: string; destination_table_name: string }>(
    `select c.field_name, w.destination_table_name from dimension_columns c
     join warehouse_tables w on w.tenant_id = c.tenant_id and w.table_id = c.table_id
     where c.tenant_id = $1 and c.dimension_id = $2`,
    [tenantId, dimensionId],
  );
}

export async function replaceTopValues(
  db: Queryable,
  tenantId: number,
  dimensionId: number,
  values: Array<{ value: string; rowCount: number; rank: number }>,
): Promise<void> {
  await db.query('delete from dimension_values where tenant_id = $1 and dimension_id = $2', [
    tenantId,
    dimensionId,
  ]);
  if (values.length === 0) return;
  await db.query(
    `insert into dimension_values (tenant_id, dimension_id, value, row_count, rank)
     select $1, $2, v, n, r from unnest($3::text[], $4::bigint[], $5::int[]) as u (v, n, r)`,
    [
      tenantId,
      dimensionId,
      values.map((v) => v.value),
      values.map((v) => v.rowCount),
      values.map((v) => v.rank),
    ],
  );
}

export async function readPoints(
  db: Queryable,
  input: {
    tenantId: number;
    kpiId: number;
    grain: string;
    dimName: string;
    dimVal: string;
    start: Date | null;
    end: Date | null;
    /** Without a start: this many days before the series' last point (a window that follows the data, not the clock). */
    windowDays?: number | null;
  },
): Promise<StoredPoint[]> {
  // ts is sorted: the window's slice is found by binary search (width_bucket), not by unnesting it all. The
  // slice leaves as five arrays, not a row per bucket: an hourly chart's 1,440 rows cost more to send and
  // parse than the numbers themselves. The fit covers the buckets up to the newest complete one, so its
  // arrays may be shorter (later buckets read null until the next run).
  const [row] = await db.query<{
    ts: number[];
    y: Array<number | null>;
    yhat: Array<number | null> | null;
    lower: Array<number | null> | null;
    upper: Array<number | null> | null;
  }>(
    `select ${epochMsArray('d.ts[b.lo:b.hi]')} as ts,
            s.y[b.lo:b.hi] as y, s.yhat[b.lo:b.hi] as yhat, s.yhat_lower[b.lo:b.hi] as lower,
            s.yhat_upper[b.lo:b.hi] as upper
       from series s
       cross join ${arrayOnce('s.ts', 'timestamptz[]', 'ts')} d
       cross join lateral (
         select coalesce($6::timestamptz, d.ts[cardinality(d.ts)] - make_interval(days => $8::int)) as start
       ) w
       cross join lateral (
         select case when w.start is null then 1
                     else width_bucket(w.start - interval '1 microsecond', d.ts) + 1 end as lo,
                case when $7::timestamptz is null then cardinality(d.ts)
                     else width_bucket($7::timestamptz, d.ts) end as hi
       ) b
     where s.tenant_id = $1 and s.kpi_id = $2 and s.grain = $3 and s.dim_name = $4 and s.dim_val = $5`,
    [
      input.tenantId,
      input.kpiId,
      input.grain,
      input.dimName,
      input.dimVal,
      input.start,
      input.end,
      input.windowDays ?? null,
    ],
  );
  if (!row) return [];
  return row.ts.map((t, i) => ({
    ts: new Date(t).toISOString(),
    value: row.y[i] ?? null,
    yhat: row.yhat?.[i] ?? null,
    lower: row.lower?.[i] ?? null,
    upper: row.upper?.[i] ?? null,
  }));
}

export interface StoredPoint {
  /** ISO 8601 in UTC, as Date.prototype.toISOString writes it. */
  ts: string;
  value: number | null;
  yhat: number | null;
  lower: number | null;
  upper: number | null;
}

export async function lastPointTs(
  db: Queryable,
  key: { tenantId: number; kpiId: number; grain: string; dimName: string; dimVal: string },
): Promise<Date | null> {
  const rows = await db.query<{ ts: Date | null }>(
    `select ts[cardinality(ts)] as ts from series
      where tenant_id = $1 and kpi_id = $2 and grain = $3 and dim_name = $4 and dim_val = $5`,
    [key.tenantId, key.kpiId, key.grain, key.dimName, key.dimVal],
  );
  return rows[0]?.ts ?? null;
}

export interface ForecastPoint {
  ts: Date;
  yhat: number;
  lower: number;
  upper: number;
}

/** The forecast stored with a series' last fit (spec 3: shown when the workspace enables forecasts). */
export async function readForecast(
  db: Queryable,
  input: { tenantId: number; kpiId: number; grain: string; dimName: string; dimVal: string },
): Promise<ForecastPoint[]> {
  return db.query<ForecastPoint>(
    `select f.ts, f.yhat, f.lower, f.upper
       from series s
       cross join lateral unnest(s.forecast_ts, s.forecast_yhat, s.forecast_lower, s.forecast_upper) as f (ts, yhat, lower, upper)
      where s.tenant_id = $1 and s.kpi_id = $2 and s.grain = $3 and s.dim_name = $4 and s.dim_val = $5
      order by f.ts`,
    [input.tenantId, input.kpiId, input.grain, input.dimName, input.dimVal],
  );
}

export async function forecastEnabled(db: Queryable, tenantId: number): Promise<boolean> {
  const rows = await db.query<{ on: boolean }>(
    'select is_forecast_enabled as on from tenants where tenant_id = $1',
    [tenantId],
  );
  return rows[0]?.on ?? false;
}

/** Fresh planner statistics after a load, so reads take recent block ranges instead of the whole table. */
export async function analyzeTable(db: Queryable, table: string): Promise<void> {
  await db.query(`analyze ${quoteIdent(table)}`);
}

/**
 * Runs a table's series statement (series.sql.ts) in one transaction; with `replaceKpiIds`, those metrics'
 * stored series go first (a full recompute), else the statement splices onto them.
 */
export async function writeTableSeries(
  db: Db,
  input: { sql: string; values: unknown[]; tenantId: number; replaceKpiIds: number[] | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    // Hash aggregation over many groups wants more than the default memory; spilling still works past it.
    await tx.query(`set local work_mem = '256MB'`);
    // The planner cannot estimate generated bucket grids and would pair them by sorted merges: hash them.
    await tx.query('set local enable_mergejoin = off');
    await tx.query('set local enable_nestloop = off');
    // A background recompute keeps to one core: parallel workers would take the cores API requests need.
    await tx.query('set local max_parallel_workers_per_gather = 0');
    if (input.replaceKpiIds)
      await deleteSeries(tx, { tenantId: input.tenantId, kpiIds: input.replaceKpiIds });
    await tx.query(input.sql, input.values);
  });
}

/** A dimension's values by rows across every table it is on, most first (cut to 500 characters). */
export async function mostFrequentValues(
  db: Queryable,
  columns: Array<{ field_name: string; destination_table_name: string }>,
  limit: number,
): Promise<Array<{ v: string; n: number }>> {
  const union = columns
    .map(
      (c) =>
        `select ${quoteIdent(c.field_name)}::text as v, count(*) as n from ${quoteIdent(c.destination_table_name)} where ${quoteIdent(c.field_name)} is not null group by 1`,
    )
    .join(' union all ');
  return db.query(
    `select left(v, 500) as v, sum(n)::bigint as n from (${union}) u group by 1 order by 2 desc, 1 limit ${Number(limit)}`,
  );
}
