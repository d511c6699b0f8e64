import type { StageStatus } from '@tidemark/contract';
import type { Queryable } from '../db/client';

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
 * The workspaces whose pipelines owe a run ($1 is now; with `forTenant`, only workspace $2): series newer than
 * their fit, a last bucket closed since its fit, a metric edited since its run, or a failed run. One rule for
 * the series job's check and the sweep. The grid ends at the newest data, so the pipeline counts that bucket
 * only once it has ended in the workspace's zone (pipelines/fit-carry.ts completeCount; an unknown zone reads as UTC),
 * and the sweep asks for that run when no new data does.
 */
function needingRunsSql(forTenant: boolean): string {
  const only = (alias: string) => (forTenant ? ` and ${alias}.tenant_id = $2` : '');
  return `
    select s.tenant_id::int from series s
      join metrics m on m.tenant_id = s.tenant_id and m.kpi_id = s.kpi_id and m.is_active
     where (s.fitted_at is null or s.fitted_at < s.updated_at)${only('s')}
    union
    select s.tenant_id::int from series s
      join metrics m on m.tenant_id = s.tenant_id and m.kpi_id = s.kpi_id and m.is_active
      join tenants t on t.tenant_id = s.tenant_id
      cross join lateral (select coalesce(
        (select z.name from pg_timezone_names z where z.name = t.timezone), 'UTC') as zone) tz
      cross join lateral (select case s.grain
        when 'h' then s.ts[array_length(s.ts, 1)] + interval '1 hour'
        else ((s.ts[array_length(s.ts, 1)] at time zone tz.zone)
              + case s.grain when 'w' then interval '7 days' when 'm' then interval '1 month' else interval '1 day' end)
             at time zone tz.zone
      end as bucket_end) e
     where array_length(s.ts, 1) > 0${only('s')}
       and e.bucket_end <= $1::timestamptz and (s.fitted_at is null or s.fitted_at < e.bucket_end)
    union
    select r.tenant_id::int from pipeline_runs r
      join metrics m on m.tenant_id = r.tenant_id and m.kpi_id = r.kpi_id and m.is_active
     where (r.status = 'failure' or m.updated_at > r.last_run)${only('r')}`;
}

/** Whether the workspace's pipelines owe a run (needingRunsSql). */
export async function tenantNeedsRun(
  db: Queryable,
  tenantId: number,
  now: number = Date.now(),
): Promise<boolean> {
  const rows = await db.query(`select 1 from (${needingRunsSql(true)}) x limit 1`, [new Date(now), tenantId]);
  return rows.length > 0;
}

/** The clock is the product's (Date.now), as the pipeline's own count of complete buckets. */
export async function tenantsNeedingRuns(db: Queryable, now: number = Date.now()): Promise<number[]> {
  const rows = await db.query<{ tenant_id: number }>(needingRunsSql(false), [new Date(now)]);
  return rows.map((r) => r.tenant_id);
}
