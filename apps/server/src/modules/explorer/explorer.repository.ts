import type { ExplorerState, SeriesSchedule } from '@tidemark/contract';
import { arrayOnce, type Db, type Queryable } from '../../db/client';

export interface ExplorerUserRow {
  user_id: number;
  user_uuid: string;
  email: string;
  tenant_id: number;
  is_operator: boolean;
  is_member: boolean;
}

/** The token's user as they are now, with their membership of the token's workspace, in one round trip. */
export async function findUserFor(
  db: Queryable,
  userId: number,
  tenantId: number,
): Promise<ExplorerUserRow | undefined> {
  const rows = await db.query<ExplorerUserRow>(
    `select u.user_id::int, u.user_uuid, u.email, u.tenant_id::int,
            exists (select 1 from memberships m join tenants t on t.tenant_id = m.tenant_id
                     where m.user_id = u.user_id and t.is_all_customers) as is_operator,
            exists (select 1 from memberships m where m.user_id = u.user_id and m.tenant_id = $2) as is_member
       from users u where u.user_id = $1`,
    [userId, tenantId],
  );
  return rows[0];
}

/** The hashes of the user's sessions that have not ended: an explorer link made in one lives with it. */
export async function liveSessionHashes(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.query<{ session_hash: string }>(
    'select session_hash from sessions where user_id = $1 and expires_at > now()',
    [userId],
  );
  return rows.map((r) => r.session_hash);
}

export interface ExplorerTenantRow {
  tenant_id: number;
  display_name: string;
  timezone: string;
  currency_symbol: string;
  is_demo: boolean;
  is_all_customers: boolean;
}

export async function findTenant(db: Queryable, tenantId: number): Promise<ExplorerTenantRow | undefined> {
  const rows = await db.query<ExplorerTenantRow>(
    `select tenant_id::int, display_name, timezone, currency_symbol, is_demo, is_all_customers
       from tenants where tenant_id = $1`,
    [tenantId],
  );
  return rows[0];
}

export interface ExplorerMetricRow {
  kpi_id: number;
  kpi_display_name: string;
  kpi_format: 'number' | 'percentage';
  table_id: number;
}

/** The active metrics of tables that have a date column: the ones with series to explore. */
export async function activeMetrics(db: Queryable, tenantId: number): Promise<ExplorerMetricRow[]> {
  return db.query<ExplorerMetricRow>(
    `select m.kpi_id::int, m.kpi_display_name, m.kpi_format, m.table_id::int
       from metrics m join warehouse_tables w on w.tenant_id = m.tenant_id and w.table_id = m.table_id
      where m.tenant_id = $1 and m.is_active and w.date_column is not null
      order by lower(m.kpi_display_name), m.kpi_id`,
    [tenantId],
  );
}

export interface DimensionColumnRow {
  dimension_id: number;
  name: string;
  display_name: string;
  table_id: number;
  field_name: string;
}

export async function dimensionColumns(db: Queryable, tenantId: number): Promise<DimensionColumnRow[]> {
  return db.query<DimensionColumnRow>(
    `select d.dimension_id::int, d.name, d.display_name, c.table_id::int, c.field_name
       from dimensions d join dimension_columns c on c.tenant_id = d.tenant_id and c.dimension_id = d.dimension_id
      where d.tenant_id = $1 order by lower(d.display_name), d.dimension_id, c.table_id`,
    [tenantId],
  );
}

/** The stored daily buckets' first and last instant over every metric overall. */
export async function dataBounds(
  db: Queryable,
  tenantId: number,
): Promise<{ first: Date | null; last: Date | null }> {
  const rows = await db.query<{ first: Date | null; last: Date | null }>(
    `select min(ts[1]) as first, max(ts[cardinality(ts)]) as last from series
      where tenant_id = $1 and grain = 'd' and dim_name = '' and dim_val = '' and cardinality(ts) > 0`,
    [tenantId],
  );
  return rows[0] ?? { first: null, last: null };
}

/**
 * The bucket starts of [start, end) at a grain on the workspace's clock, as UTC ISO text. A local hour that
 * does not exist (the spring-forward gap) is no bucket, as in the stored series.
 */
export async function bucketGrid(
  db: Queryable,
  input: { startLocal: string; endLocal: string; grain: SeriesSchedule; timezone: string },
): Promise<string[]> {
  const step = { h: '1 hour', d: '1 day', w: '1 week', m: '1 month' }[input.grain];
  const rows = await db.query<{ ts: string }>(
    `select to_char((g at time zone $3) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts
       from generate_series($1::timestamp, $2::timestamp - interval '1 microsecond', $4::interval) g
      where $5::text <> 'h' or (g at time zone $3) at time zone $3 = g
      order by g`,
    [input.startLocal, input.endLocal, input.timezone, step, input.grain],
  );
  return rows.map((r) => r.ts);
}

export interface StoredSeriesPoint {
  kpi_id: number;
  dim_name: string;
  dim_val: string;
  ts: string;
  value: number | null;
  yhat: number | null;
  lower: number | null;
  upper: number | null;
}

/**
 * Stored points of several metrics for one dimension (or overall, `dimName` ''), for the listed values or
 * all of them (`dimVals` null), between two instants. `ts` is sorted, so each series' slice is found by
 * binary search rather than by unnesting whole arrays.
 */
export async function readStoredSeries(
  db: Queryable,
  input: {
    tenantId: number;
    kpiIds: number[];
    grain: SeriesSchedule;
    dimName: string;
    dimVals: string[] | null;
    start: string;
    end: string;
  },
): Promise<StoredSeriesPoint[]> {
  return db.query<StoredSeriesPoint>(
    `select s.kpi_id::int, s.dim_name, s.dim_val,
            to_char(p.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts,
            p.value, p.yhat, p.lower, p.upper
       from series s
       cross join ${arrayOnce('s.ts', 'timestamptz[]', 'ts')} d
       cross join lateral (
         select case when cardinality(d.ts) = 0 then 1
                     else width_bucket($6::timestamptz - interval '1 microsecond', d.ts) + 1 end as lo,
                case when cardinality(d.ts) = 0 then 0
                     else width_bucket($7::timestamptz - interval '1 microsecond', d.ts) end as hi
       ) b
       cross join lateral unnest(d.ts[b.lo:b.hi], s.y[b.lo:b.hi], s.yhat[b.lo:b.hi], s.yhat_lower[b.lo:b.hi],
                                 s.yhat_upper[b.lo:b.hi]) as p (ts, value, yhat, lower, upper)
      where s.tenant_id = $1 and s.kpi_id = any($2::bigint[]) and s.grain = $3 and s.dim_name = $4
        and ($5::text[] is null or s.dim_val = any($5::text[]))
        and ($4 <> '' or s.dim_val = '')
      order by s.kpi_id, s.dim_val, p.ts`,
    [input.tenantId, input.kpiIds, input.grain, input.dimName, input.dimVals, input.start, input.end],
  );
}

export interface ExplorerViewRow {
  view_id: number;
  name: string;
  state: ExplorerState;
  created_by_email: string | null;
  created_at: Date;
}

const VIEW_COLUMNS = `v.view_id::int, v.name, v.state, u.email as created_by_email, v.created_at`;

/** A workspace's shared views, and in the demo workspace only the caller's own (`privateTo`). */
const VISIBLE = `v.tenant_id = $1 and (case when $2::bigint is null then not v.is_private
                                       else v.is_private and v.created_by = $2 end)`;

export async function listViews(
  db: Queryable,
  input: { tenantId: number; privateTo: number | null },
): Promise<ExplorerViewRow[]> {
  return db.query<ExplorerViewRow>(
    `select ${VIEW_COLUMNS} from explorer_views v left join users u on u.user_id = v.created_by
      where ${VISIBLE} order by v.created_at desc, v.view_id desc limit 200`,
    [input.tenantId, input.privateTo],
  );
}

export async function findView(
  db: Queryable,
  input: { tenantId: number; privateTo: number | null; viewId: number },
): Promise<ExplorerViewRow | undefined> {
  const rows = await db.query<ExplorerViewRow>(
    `select ${VIEW_COLUMNS} from explorer_views v left join users u on u.user_id = v.created_by
      where ${VISIBLE} and v.view_id = $3`,
    [input.tenantId, input.privateTo, input.viewId],
  );
  return rows[0];
}

export async function insertView(
  db: Queryable,
  input: { tenantId: number; name: string; state: ExplorerState; isPrivate: boolean; userId: number },
): Promise<number> {
  const rows = await db.query<{ view_id: number }>(
    `insert into explorer_views (tenant_id, name, state, is_private, created_by)
     values ($1, $2, $3::jsonb, $4, $5) returning view_id::int`,
    [input.tenantId, input.name, JSON.stringify(input.state), input.isPrivate, input.userId],
  );
  return rows[0]!.view_id;
}

export async function deleteView(
  db: Queryable,
  input: { tenantId: number; privateTo: number | null; viewId: number },
): Promise<boolean> {
  const rows = await db.query<{ view_id: number }>(
    `delete from explorer_views v where ${VISIBLE} and v.view_id = $3 returning v.view_id`,
    [input.tenantId, input.privateTo, input.viewId],
  );
  return rows.length > 0;
}

/** Runs a built warehouse statement (explorer.sql.ts) in its own transaction, cancelled past `timeoutMs`. */
export async function runWithTimeout<T extends object>(
  db: Db,
  sql: string,
  values: unknown[],
  timeoutMs: number,
): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query(`set local statement_timeout = ${Number(timeoutMs)}`);
    return tx.query<T>(sql, values);
  });
}
