import type { ConnectorName, ExtractionStatus, RowError, StageStatus } from '@tidemark/contract';
import type { Queryable } from '../../db/client';

export interface ConnectorRow {
  connector_uuid: string;
  connector_name: ConnectorName;
  display_name: string;
  connector_type: 'file' | 'database' | 'app';
  logo_url: string;
  description: string;
  is_active: boolean;
}

export async function listConnectorRows(db: Queryable): Promise<ConnectorRow[]> {
  return db.query<ConnectorRow>('select * from connectors order by sort_order');
}

export async function findConnectorByUuid(db: Queryable, uuid: string): Promise<ConnectorRow | undefined> {
  return (await db.query<ConnectorRow>('select * from connectors where connector_uuid = $1', [uuid]))[0];
}

export async function findConnectorByName(db: Queryable, name: string): Promise<ConnectorRow | undefined> {
  return (await db.query<ConnectorRow>('select * from connectors where connector_name = $1', [name]))[0];
}

export type { Stage } from '../../jobs/stages';

export interface ConnectionRow {
  tenant_id: number;
  connection_id: number;
  datasource_id: string;
  connector_name: ConnectorName;
  connection_name: string;
  config: Record<string, unknown>;
  secret: Buffer | null;
  source_tables: string[];
  sync_frequency: string;
  sync_cron: string;
  sync_timezone: string;
  data_connection_status: StageStatus;
  data_connection_message: string | null;
  metric_configuration_status: StageStatus;
  metric_configuration_message: string | null;
  insight_generation_status: StageStatus;
  insight_generation_message: string | null;
  oauth_state_hash: string | null;
  created_at: Date;
  last_synced_at: Date | null;
}

export interface ConnectionListRow extends ConnectionRow {
  connector_uuid: string;
  display_name: string;
  connector_type: 'file' | 'database' | 'app';
  logo_url: string;
}

export async function insertConnection(
  db: Queryable,
  c: {
    tenantId: number;
    datasourceId: string;
    connectorName: ConnectorName;
    name: string;
    config?: Record<string, unknown>;
    createdBy: number | null;
  },
): Promise<ConnectionRow> {
  const rows = await db.query<ConnectionRow>(
    `insert into connections (tenant_id, datasource_id, connector_name, connection_name, config, created_by)
     values ($1, $2, $3, $4, $5, $6) returning *`,
    [c.tenantId, c.datasourceId, c.connectorName, c.name, JSON.stringify(c.config ?? {}), c.createdBy],
  );
  return rows[0]!;
}

export async function findConnection(
  db: Queryable,
  tenantId: number,
  datasourceId: string,
): Promise<ConnectionRow | undefined> {
  return (
    await db.query<ConnectionRow>('select * from connections where tenant_id = $1 and datasource_id = $2', [
      tenantId,
      datasourceId,
    ])
  )[0];
}

export async function findConnectionById(
  db: Queryable,
  tenantId: number,
  connectionId: number,
): Promise<ConnectionRow | undefined> {
  return (
    await db.query<ConnectionRow>('select * from connections where tenant_id = $1 and connection_id = $2', [
      tenantId,
      connectionId,
    ])
  )[0];
}

export async function findConnectionByOauthState(
  db: Queryable,
  stateHash: string,
): Promise<ConnectionRow | undefined> {
  return (
    await db.query<ConnectionRow>('select * from connections where oauth_state_hash = $1', [stateHash])
  )[0];
}

/** Spec 1 §4: the displayed status is the latest stage that has started. */
const STATUS_ORDER = `case
  when insight_generation_status <> 'NOT_STARTED' then 3
  when metric_configuration_status <> 'NOT_STARTED' then 2
  when data_connection_status <> 'NOT_STARTED' then 1 else 0 end`;

const SORT_SQL: Record<string, string> = {
  created_at: 'c.created_at',
  connection_name: 'lower(c.connection_name)',
  connector_name: 'c.connector_name',
  sync_frequency: 'c.sync_frequency',
  status: STATUS_ORDER,
  datasource_id: 'c.datasource_id',
};

export async function listConnectionRows(
  db: Queryable,
  input: { tenantId: number; limit: number; offset: number; sortBy: string; order: 'asc' | 'desc' },
): Promise<{ rows: ConnectionListRow[]; count: number }> {
  const sort = SORT_SQL[input.sortBy] ?? SORT_SQL.created_at!;
  const direction = input.order === 'asc' ? 'asc' : 'desc';
  const rows = await db.query<ConnectionListRow>(
    `select c.*, k.connector_uuid, k.display_name, k.connector_type, k.logo_url
     from connections c join connectors k on k.connector_name = c.connector_name
     where c.tenant_id = $1
     order by ${sort} ${direction}, c.connection_id ${direction}
     limit $2 offset $3`,
    [input.tenantId, input.limit, input.offset],
  );
  const [total] = await db.query<{ n: number }>(
    'select count(*)::int as n from connections where tenant_id = $1',
    [input.tenantId],
  );
  return { rows, count: total?.n ?? 0 };
}

export async function updateConnection(
  db: Queryable,
  tenantId: number,
  connectionId: number,
  patch: Partial<{
    config: Record<string, unknown>;
    secret: Buffer | null;
    source_tables: string[];
    connection_name: string;
    oauth_state_hash: string | null;
    last_synced_at: Date;
  }>,
): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [tenantId, connectionId];
  for (const [key, value] of Object.entries(patch)) {
    values.push(key === 'config' ? JSON.stringify(value) : value);
    sets.push(`${key} = $${values.length}`);
  }
  if (sets.length === 0) return;
  await db.query(
    `update connections set ${sets.join(', ')} where tenant_id = $1 and connection_id = $2`,
    values,
  );
}

export async function deleteConnectionRow(
  db: Queryable,
  tenantId: number,
  connectionId: number,
): Promise<void> {
  await db.query('delete from connections where tenant_id = $1 and connection_id = $2', [
    tenantId,
    connectionId,
  ]);
}

export interface ExtractionRow {
  tenant_id: number;
  extraction_job_id: number;
  connection_id: number;
  datasource_id: string;
  kind: 'upload' | 'sync';
  status: ExtractionStatus;
  message: string | null;
  rows_imported: number;
  rows_rejected: number;
  errors: RowError[];
  job_id: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const EXTRACTION_SELECT = `select e.*, c.datasource_id from extraction_jobs e
  join connections c on c.tenant_id = e.tenant_id and c.connection_id = e.connection_id`;

export async function insertExtraction(
  db: Queryable,
  e: { tenantId: number; connectionId: number; kind: 'upload' | 'sync'; status: ExtractionStatus },
): Promise<ExtractionRow> {
  const [row] = await db.query<{ extraction_job_id: number }>(
    `insert into extraction_jobs (tenant_id, connection_id, kind, status, started_at)
     values ($1, $2, $3, $4, case when $4 = 'IN_PROGRESS' then now() end) returning extraction_job_id`,
    [e.tenantId, e.connectionId, e.kind, e.status],
  );
  return (await findExtraction(db, e.tenantId, row!.extraction_job_id))!;
}

export async function findExtraction(
  db: Queryable,
  tenantId: number,
  extractionJobId: number,
): Promise<ExtractionRow | undefined> {
  return (
    await db.query<ExtractionRow>(
      `${EXTRACTION_SELECT} where e.tenant_id = $1 and e.extraction_job_id = $2`,
      [tenantId, extractionJobId],
    )
  )[0];
}

export async function listExtractionRows(
  db: Queryable,
  input: { tenantId: number; statuses?: ExtractionStatus[]; datasourceId?: string },
): Promise<ExtractionRow[]> {
  return db.query<ExtractionRow>(
    `${EXTRACTION_SELECT} where e.tenant_id = $1
       and ($2::text[] is null or e.status = any($2::text[]))
       and ($3::text is null or c.datasource_id = $3)
     order by e.extraction_job_id desc limit 50`,
    [input.tenantId, input.statuses ?? null, input.datasourceId ?? null],
  );
}

export async function updateExtraction(
  db: Queryable,
  tenantId: number,
  extractionJobId: number,
  patch: Partial<{
    status: ExtractionStatus;
    message: string | null;
    rows_imported: number;
    rows_rejected: number;
    errors: RowError[];
    job_id: string;
    started: true;
    finished: true;
  }>,
): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [tenantId, extractionJobId];
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'started') sets.push('started_at = now()');
    else if (key === 'finished') sets.push('finished_at = now()');
    else {
      values.push(key === 'errors' ? JSON.stringify(value) : value);
      sets.push(`${key} = $${values.length}`);
    }
  }
  await db.query(
    `update extraction_jobs set ${sets.join(', ')} where tenant_id = $1 and extraction_job_id = $2`,
    values,
  );
}

/** Uploads a killed process left behind: their transaction rolled back, so nothing of them landed. */
export async function failInterruptedUploads(db: Queryable, message: string): Promise<number> {
  const rows = await db.query<{ tenant_id: number; connection_id: number }>(
    `update extraction_jobs set status = 'FAILED', message = $1, finished_at = now()
     where kind = 'upload' and status = 'IN_PROGRESS'
       and (backend_pid is null or backend_pid not in (select pid from pg_stat_activity))
     returning tenant_id, connection_id`,
    [message],
  );
  for (const r of rows) {
    await db.query(
      `update connections set data_connection_message = $3 where tenant_id = $1 and connection_id = $2`,
      [r.tenant_id, r.connection_id, message],
    );
  }
  return rows.length;
}

export async function startUpload(
  db: Queryable,
  input: { tenantId: number; connectionId: number },
): Promise<ExtractionRow> {
  // Inserted on the import's own session, so the pid recorded is the one doing the work.
  const [row] = await db.query<{ extraction_job_id: number }>(
    `insert into extraction_jobs (tenant_id, connection_id, kind, status, started_at, backend_pid)
     values ($1, $2, 'upload', 'IN_PROGRESS', now(), pg_backend_pid()) returning extraction_job_id`,
    [input.tenantId, input.connectionId],
  );
  return (await findExtraction(db, input.tenantId, row!.extraction_job_id))!;
}
/** The workspace's time zone (UTC when it has none). */
export async function tenantTimezone(db: Queryable, tenantId: number): Promise<string> {
  const rows = await db.query<{ timezone: string }>('select timezone from tenants where tenant_id = $1', [
    tenantId,
  ]);
  return rows[0]?.timezone ?? 'Etc/UTC';
}
