import type { StageStatus } from '@tidemark/contract';
import type { Queryable } from '../db/client';
import { bucketIntervalSql } from '../db/grain-sql';

/** A data source's three stages (spec 1: data connection, metric configuration, insight generation). */
export type Stage = 'data_connection' | 'metric_configuration' | 'insight_generation';

/**
 * Records a stage's status on its connection, written only by the stage that owns it (or by the stage before,
 * handing it forward). The data waiting for its metrics' configuration is in use once that stage is done.
 */
export interface StageReport {
  tenantId: number;
  connectionId: number;
  stage: Stage;
  status: StageStatus;
  message: string | null;
}

export async function writeStage(db: Queryable, input: StageReport): Promise<void> {
  // Column names come from the closed Stage union, never from input.
  await db.query(
    `update connections set ${input.stage}_status = $3, ${input.stage}_message = $4
      where tenant_id = $1 and connection_id = $2`,
    [input.tenantId, input.connectionId, input.status, input.message],
  );
  if (input.stage === 'metric_configuration' && input.status === 'SUCCESSFUL') {
    await db.query(
      `update extraction_jobs set status = 'SUCCESSFUL'
        where tenant_id = $1 and connection_id = $2 and status = 'READY'`,
      [input.tenantId, input.connectionId],
    );
  }
}

// The hand-off rule between the series and pipelines stages, read by both without importing each other:
// series asks it before requesting a run, the pipelines' sweep asks it for every workspace.

/**
 * The workspaces whose pipelines owe a run ($1 is now; with `forTenant`, only workspace $4): series newer than
 * their fit, a last bucket closed since its fit, a metric edited since its run, or a failed run. One rule for
 * the series job's check and the sweep. Each workspace's zone comes as $2/$3 (`zonesOf`). The grid ends at the newest data, so the pipeline counts that bucket
 * only once it has ended in the workspace's zone (pipelines/fit-carry.ts completeCount; an unknown zone reads as UTC),
 * and the sweep asks for that run when no new data does.
 */
function needingRunsSql(forTenant: boolean): string {
  const only = (alias: string) => (forTenant ? ` and ${alias}.tenant_id = $4` : '');
  // Inline, not a lateral subquery: Citus plans no correlated subquery without FROM.
  const bucketEnd = `case s.grain
        when 'h' then s.ts[array_length(s.ts, 1)] + interval '1 hour'
        else ((s.ts[array_length(s.ts, 1)] at time zone tz.zone) + ${bucketIntervalSql('s')}) at time zone tz.zone
      end`;
  return `
    select s.tenant_id::int from series s
      join metrics m on m.tenant_id = s.tenant_id and m.kpi_id = s.kpi_id and m.is_active
     where (s.fitted_at is null or s.fitted_at < s.updated_at)${only('s')}
    union
    select s.tenant_id::int from series s
      join metrics m on m.tenant_id = s.tenant_id and m.kpi_id = s.kpi_id and m.is_active
      join unnest($2::bigint[], $3::text[]) as tz (tenant_id, zone) on tz.tenant_id = s.tenant_id
     where array_length(s.ts, 1) > 0${only('s')}
       and ${bucketEnd} <= $1::timestamptz and (s.fitted_at is null or s.fitted_at < ${bucketEnd})
    union
    select r.tenant_id::int from pipeline_runs r
      join metrics m on m.tenant_id = r.tenant_id and m.kpi_id = r.kpi_id and m.is_active
     where (r.status = 'failure' or m.updated_at > r.last_run)${only('r')}`;
}

/** The PostgreSQL zone names, read once per database: a zone PostgreSQL does not know reads as UTC. */
const knownZones = new WeakMap<Queryable, Promise<Set<string>>>();

/**
 * Each workspace's zone (or one workspace's), as two arrays for `unnest`. Passed in, not joined: Citus plans no
 * correlated read of a catalogue view beside a distributed table, and the zone list seldom changes.
 */
async function zonesOf(db: Queryable, tenantId: number | null): Promise<[number[], string[]]> {
  let names = knownZones.get(db);
  if (!names) {
    names = db
      .query<{ name: string }>('select name from pg_timezone_names')
      .then((rows) => new Set(rows.map((r) => r.name)));
    names.catch(() => knownZones.delete(db));
    knownZones.set(db, names);
  }
  const known = await names;
  const rows = await db.query<{ tenant_id: number; timezone: string }>(
    tenantId === null
      ? 'select tenant_id::int, timezone from tenants'
      : 'select tenant_id::int, timezone from tenants where tenant_id = $1',
    tenantId === null ? [] : [tenantId],
  );
  return [rows.map((r) => r.tenant_id), rows.map((r) => (known.has(r.timezone) ? r.timezone : 'UTC'))];
}

/** Whether the workspace's pipelines owe a run (needingRunsSql). */
export async function tenantNeedsRun(
  db: Queryable,
  tenantId: number,
  now: number = Date.now(),
): Promise<boolean> {
  const [ids, zones] = await zonesOf(db, tenantId);
  const rows = await db.query(`select 1 from (${needingRunsSql(true)}) x limit 1`, [
    new Date(now),
    ids,
    zones,
    tenantId,
  ]);
  return rows.length > 0;
}

/** The clock is the product's (Date.now), as the pipeline's own count of complete buckets. */
export async function tenantsNeedingRuns(db: Queryable, now: number = Date.now()): Promise<number[]> {
  const [ids, zones] = await zonesOf(db, null);
  const rows = await db.query<{ tenant_id: number }>(needingRunsSql(false), [new Date(now), ids, zones]);
  return rows.map((r) => r.tenant_id);
}
