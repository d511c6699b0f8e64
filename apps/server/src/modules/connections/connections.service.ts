import { createHash, randomBytes } from 'node:crypto';

import type { Readable } from 'node:stream';

import {
  CONNECTION_MESSAGES,
  TOKEN_MESSAGES,
  catalogueFor,
  setupNotice,
  type Connection,
  type ConnectionSettings,
  type ConnectionStatus,
  type Connector,
  type CreateConnectionResponse,
  type DatabaseCredentials,
  type Extraction,
  type ExtractionResults,
  type ExtractionStatus,
  type Redirect,
  type ResumeResponse,
} from '@tidemark/contract';

import { AppError } from '../../errors';

import type { BaseContext, SessionContext, TenantContext } from '../../plugins/context';

import {
  connectorFor,
  databaseConnector,
  logConnectorError,
  type StoredDatabaseConfig,
} from './connector-for';

import { ConnectorError } from './connectors/types';

import { SHOPIFY_READ_SCOPES, buildInstallUrl, normaliseShopDomain } from './connectors/shopify';

import { reportStage } from '../../jobs/stages';

import * as repo from './connections.repository';
import { importCsvFile } from './csv-import';

import { SYNC_JOB } from './sync';
import { catalogue, tables as wh } from '../warehouse';

const notFound = () => new AppError('not_found', catalogueFor(404, 'data source').message);

/** Fetch-or-throw, scoped to the tenant: another workspace's data source is simply not found. */
/** A data source of the workspace by its datasource id, or the catalogue's 404. */
export async function getConnectionOrThrow({
  ctx,
  id,
}: {
  ctx: TenantContext;
  id: string;
}): Promise<repo.ConnectionRow> {
  const row = await repo.findConnection(ctx.db, ctx.tenantId, id);
  if (!row) throw notFound();
  return row;
}

const newDatasourceId = (): string => {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
};

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export async function listConnectors({ ctx }: { ctx: SessionContext }): Promise<{ data: Connector[] }> {
  const rows = await repo.listConnectorRows(ctx.db);
  return {
    data: rows.map((r) => ({
      connector_uuid: r.connector_uuid,
      connector_name: r.connector_name,
      connector_display_name: r.display_name,
      connector_logo_url: r.logo_url,
      connector_type: r.connector_type,
      description: r.description,
      is_active: r.is_active,
      is_configured:
        r.connector_name === 'shopify'
          ? Boolean(ctx.config.shopify)
          : r.connector_type === 'database'
            ? ctx.sealer !== null
            : true,
      setup_notice:
        r.connector_name === 'shopify' && !ctx.config.shopify
          ? setupNotice('storeApp', ctx.user.isOperator)
          : null,
    })),
  };
}

export function statusOf(row: repo.ConnectionRow): ConnectionStatus {
  return {
    data_connection_status: { status: row.data_connection_status, message: row.data_connection_message },
    metric_configuration_status: {
      status: row.metric_configuration_status,
      message: row.metric_configuration_message,
    },
    insight_generation_status: {
      status: row.insight_generation_status,
      message: row.insight_generation_message,
    },
  };
}

export async function listConnections({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    page_num: number;
    count: number;
    sort_by?: string | undefined;
    order?: 'asc' | 'desc' | undefined;
  };
}): Promise<{ rows: Connection[]; count: number }> {
  const { rows, count } = await repo.listConnectionRows(ctx.db, {
    tenantId: ctx.tenantId,
    limit: input.count,
    offset: (input.page_num - 1) * input.count,
    sortBy: input.sort_by ?? 'created_at',
    order: input.order ?? 'desc',
  });
  const result: Connection[] = [];
  for (const row of rows) {
    // Files are the tables of a csv source; databases list the tables the user chose.
    const tables =
      row.connector_name === 'csv'
        ? (await catalogue.countTableNames(ctx.db, ctx.tenantId, row.connection_id)).map(
            (t) => t.source_table_name,
          )
        : row.source_tables;
    result.push({
      datasource_id: row.datasource_id,
      connector_uuid: row.connector_uuid,
      connector_name: row.connector_name,
      connector_type: row.connector_type,
      connector_display_name: row.display_name,
      connector_logo_url: row.logo_url,
      connection_name: row.connection_name,
      source_tables: tables,
      status: statusOf(row),
      sync_frequency: row.sync_frequency,
      created_at: row.created_at.toISOString(),
      last_synced_at: row.last_synced_at?.toISOString() ?? null,
    });
  }
  return { rows: result, count };
}

export async function getConnection({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { datasourceId: string };
}): Promise<ConnectionSettings> {
  const { datasourceId } = input;
  const row = await getConnectionOrThrow({ ctx, id: datasourceId });
  const isDatabase = row.connector_name === 'postgres' || row.connector_name === 'mysql';
  const stored = row.config as Partial<StoredDatabaseConfig> & { shop?: string };
  return {
    datasource_id: row.datasource_id,
    connector_name: row.connector_name,
    connection_name: row.connection_name,
    status: statusOf(row),
    credentials:
      isDatabase && stored.host
        ? {
            host: stored.host,
            port: stored.port ?? 5432,
            database: stored.database ?? '',
            user: stored.user ?? '',
            tls: stored.tls ?? 'disable',
            ...(stored.schema ? { schema: stored.schema } : {}),
            has_password: row.secret !== null,
          }
        : null,
    source_tables: row.source_tables,
    shop: stored.shop ?? null,
  };
}

export interface UploadedFile {
  filename: string;
  stream: Readable;
}

export async function createConnection({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: {
    connector_uuid: string;
    datasource_id?: string | undefined;
    connection_name?: string | undefined;
    shop?: string | undefined;
    column_time_zones?: string | undefined;
    file?: UploadedFile | undefined;
  };
}): Promise<CreateConnectionResponse> {
  const connector = await repo.findConnectorByUuid(ctx.db, input.connector_uuid);
  if (!connector || !connector.is_active) throw new AppError('bad_request', 'Unknown connector.');

  if (connector.connector_name === 'csv') {
    if (!input.file) throw new AppError('bad_request', 'Choose a .csv file to upload.');
    if (!/\.csv$/i.test(input.file.filename)) throw new AppError('bad_request', CONNECTION_MESSAGES.onlyCsv);
    const existing = input.datasource_id
      ? await getConnectionOrThrow({ ctx, id: input.datasource_id })
      : undefined;
    if (existing && existing.connector_name !== 'csv') {
      throw new AppError('bad_request', 'Files can be added to CSV data sources only.');
    }
    const connection =
      existing ??
      (await repo.insertConnection(ctx.db, {
        tenantId: ctx.tenantId,
        datasourceId: newDatasourceId(),
        connectorName: 'csv',
        name: input.connection_name ?? input.file.filename.replace(/\.csv$/i, '').slice(0, 120),
        createdBy: ctx.user.userId,
      }));
    const summary = await importCsvFile(ctx, {
      connection,
      filename: input.file.filename,
      stream: input.file.stream,
      columnTimeZones: input.column_time_zones,
    });
    return {
      success: true,
      datasource_id: connection.datasource_id,
      redirect: syncPage(connection.datasource_id, true),
      import: summary,
    };
  }

  if (input.file) input.file.stream.resume();
  if (connector.connector_type === 'database') {
    if (!ctx.sealer) {
      throw new AppError(
        'not_configured',
        'Set ENCRYPTION_KEY on the server to connect databases: their passwords are stored encrypted.',
      );
    }
    const connection = await repo.insertConnection(ctx.db, {
      tenantId: ctx.tenantId,
      datasourceId: newDatasourceId(),
      connectorName: connector.connector_name,
      name: input.connection_name ?? `${connector.display_name} database`,
      createdBy: ctx.user.userId,
    });
    await reportStage(ctx.db, {
      tenantId: ctx.tenantId,
      connectionId: connection.connection_id,
      stage: 'data_connection',
      status: 'IN_PROGRESS',
      message: CONNECTION_MESSAGES.userActionNeeded,
    });
    return {
      success: true,
      datasource_id: connection.datasource_id,
      redirect: { self: true, path: credentialsPage(connection), uri: null },
      import: null,
    };
  }

  // Shopify: the merchant installs our app on their store and Shopify sends them back with a code.
  const shopify = ctx.config.shopify;
  if (!shopify) throw new AppError('not_configured', CONNECTION_MESSAGES.shopifyNotConfigured);
  if (!ctx.sealer)
    throw new AppError(
      'not_configured',
      'Set ENCRYPTION_KEY on the server: store tokens are kept encrypted.',
    );
  const shop = normaliseShopDomain(input.shop ?? '');
  if (!shop)
    throw new AppError('bad_request', "Enter your store's address, for example your-store.myshopify.com.");
  const connection = await repo.insertConnection(ctx.db, {
    tenantId: ctx.tenantId,
    datasourceId: newDatasourceId(),
    connectorName: 'shopify',
    name: input.connection_name ?? shop.replace(/\.myshopify\.com$/, ''),
    config: { shop },
    createdBy: ctx.user.userId,
  });
  return {
    success: true,
    datasource_id: connection.datasource_id,
    redirect: { self: false, path: null, uri: await shopifyInstallUri(ctx, connection) },
    import: null,
  };
}

function syncPage(datasourceId: string, ongoing: boolean): Redirect {
  const query = new URLSearchParams({ id: datasourceId, ongoing_extraction: String(ongoing) });
  if (!ongoing) query.set('forced', 'true');
  return { self: true, path: `/onboarding/connection/sync?${query.toString()}`, uri: null };
}

const credentialsPage = (c: repo.ConnectionRow) =>
  `/onboarding/${c.connector_name}?${new URLSearchParams({ id: c.datasource_id }).toString()}`;

async function shopifyInstallUri(ctx: TenantContext, connection: repo.ConnectionRow): Promise<string> {
  const shopify = ctx.config.shopify;
  if (!shopify) throw new AppError('not_configured', CONNECTION_MESSAGES.shopifyNotConfigured);
  const state = randomBytes(24).toString('base64url');
  await repo.updateConnection(ctx.db, ctx.tenantId, connection.connection_id, {
    oauth_state_hash: hashState(state),
  });
  await reportStage(ctx.db, {
    tenantId: ctx.tenantId,
    connectionId: connection.connection_id,
    stage: 'data_connection',
    status: 'IN_PROGRESS',
    message: 'Waiting for the app to be installed on the store',
  });
  return buildInstallUrl({
    shop: String(connection.config.shop),
    apiKey: shopify.apiKey,
    scopes: SHOPIFY_READ_SCOPES,
    redirectUri: `${ctx.config.publicUrl}/v1/connections/shopify/callback`,
    state,
    ...(shopify.endpoint ? { endpoint: shopify.endpoint } : {}),
  });
}

/** Spec 1 §4, resume: where the user left this data source's setup. */
export async function resumeConnection({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { datasourceId: string };
}): Promise<ResumeResponse> {
  const { datasourceId } = input;
  const c = await getConnectionOrThrow({ ctx, id: datasourceId });
  const go = (redirect: Redirect): ResumeResponse => ({ success: true, redirect });
  if (c.data_connection_status !== 'SUCCESSFUL') {
    if (c.connector_name === 'csv') {
      return go({
        self: true,
        path: `/onboarding/csv?${new URLSearchParams({ id: c.datasource_id })}`,
        uri: null,
      });
    }
    if (c.connector_name === 'shopify' && !c.secret) {
      return go({ self: false, path: null, uri: await shopifyInstallUri(ctx, c) });
    }
    const running = (
      await repo.listExtractionRows(ctx.db, {
        tenantId: ctx.tenantId,
        datasourceId,
        statuses: ['PENDING', 'IN_PROGRESS'],
      })
    )[0];
    if (running) return go(syncPage(c.datasource_id, true));
    return go({ self: true, path: credentialsPage(c), uri: null });
  }
  if (c.metric_configuration_status !== 'SUCCESSFUL') {
    const ready = (
      await repo.listExtractionRows(ctx.db, {
        tenantId: ctx.tenantId,
        datasourceId,
        statuses: ['READY', 'SUCCESSFUL'],
      })
    )[0];
    if (ready) {
      return go({
        self: true,
        path: `/onboarding/configure-metrics?${new URLSearchParams({ extraction_job_id: String(ready.extraction_job_id) })}`,
        uri: null,
      });
    }
    return go(syncPage(c.datasource_id, true));
  }
  return go({ self: true, path: '/metrics', uri: null });
}

export async function deleteConnection({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { datasourceId: string };
}): Promise<{ success: boolean; message: string }> {
  const { datasourceId } = input;
  const c = await getConnectionOrThrow({ ctx, id: datasourceId });
  if (c.metric_configuration_status === 'SUCCESSFUL' || c.metric_configuration_status === 'FAILED') {
    throw new AppError('conflict', CONNECTION_MESSAGES.deleteLocked);
  }
  // A sync still running is stopped first; its transaction rolls back, so it leaves nothing behind.
  const running = await repo.listExtractionRows(ctx.db, {
    tenantId: ctx.tenantId,
    datasourceId,
    statuses: ['PENDING', 'IN_PROGRESS'],
  });
  for (const e of running) {
    if (e.job_id) await ctx.jobs.cancel(SYNC_JOB, e.job_id);
    await repo.updateExtraction(ctx.db, ctx.tenantId, e.extraction_job_id, {
      status: 'CANCELLED',
      message: 'The data source was deleted.',
      finished: true,
    });
  }
  await ctx.jobs.removeSchedule(`${SYNC_JOB}:${c.connection_id}`);
  await ctx.db.transaction(async (tx) => {
    for (const t of await catalogue.listWarehouseTables(tx, ctx.tenantId, c.connection_id)) {
      await wh.dropWarehouseTable(tx as never, t.destination_table_name);
    }
    await repo.deleteConnectionRow(tx, ctx.tenantId, c.connection_id);
  });
  return { success: true, message: `${c.connection_name} was deleted.` };
}

/** What the customer can do; operators (internal users) also read the driver's words, which name the cause. */
function connectorMessage(ctx: TenantContext, error: ConnectorError): string {
  return ctx.user.isOperator && error.detail !== error.reason
    ? `${error.reason} Detail: ${error.detail}`
    : error.reason;
}

export async function saveCredentials({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { datasourceId: string; credentials: DatabaseCredentials };
}) {
  const { datasourceId, credentials } = input;
  const c = await getConnectionOrThrow({ ctx, id: datasourceId });
  if (c.connector_name !== 'postgres' && c.connector_name !== 'mysql') {
    throw new AppError('bad_request', 'Only database data sources take credentials.');
  }
  if (!ctx.sealer)
    throw new AppError('not_configured', 'Set ENCRYPTION_KEY on the server to connect databases.');
  // An empty password keeps the saved one (the form never receives it back).
  const password = credentials.password || (c.secret ? ctx.sealer.open(c.secret) : '');
  const connector = databaseConnector(ctx, c.connector_name, { ...credentials, password });
  try {
    await connector.testConnection();
    const tables = await connector.listTables();
    const { password: _omit, ...config } = credentials;
    await repo.updateConnection(ctx.db, ctx.tenantId, c.connection_id, {
      config,
      secret: ctx.sealer.seal(password),
    });
    await reportStage(ctx.db, {
      tenantId: ctx.tenantId,
      connectionId: c.connection_id,
      stage: 'data_connection',
      status: 'IN_PROGRESS',
      message: CONNECTION_MESSAGES.userActionNeeded,
    });
    return {
      success: true,
      message: `Connected to ${credentials.database} on ${credentials.host}.`,
      tables: tables.map((t) => ({ name: t.name, estimated_rows: t.estimatedRows })),
    };
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    logConnectorError(ctx, c, error);
    // The same form as a failed sync's: the reason, then where to get help (spec 1 §8).
    await reportStage(ctx.db, {
      tenantId: ctx.tenantId,
      connectionId: c.connection_id,
      stage: 'data_connection',
      status: 'FAILED',
      message: `${error.reason} ${CONNECTION_MESSAGES.talkToUs}`,
    });
    throw new AppError('bad_request', connectorMessage(ctx, error));
  } finally {
    await connector.close();
  }
}

export async function selectTables({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { datasourceId: string; tables: string[] };
}): Promise<ResumeResponse> {
  const { datasourceId, tables } = input;
  const c = await getConnectionOrThrow({ ctx, id: datasourceId });
  const connector = connectorFor(ctx, c);
  try {
    const available = new Set((await connector.listTables()).map((t) => t.name));
    const unknown = tables.filter((t) => !available.has(t));
    if (unknown.length) throw new AppError('bad_request', `Unknown table: ${unknown.join(', ')}`);
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    logConnectorError(ctx, c, error);
    throw new AppError('bad_request', connectorMessage(ctx, error));
  } finally {
    await connector.close();
  }
  await repo.updateConnection(ctx.db, ctx.tenantId, c.connection_id, { source_tables: [...new Set(tables)] });
  await startSync(ctx, c);
  return { success: true, redirect: syncPage(c.datasource_id, true) };
}

/** Queues a sync (at most one waiting per connection) and keeps the daily schedule. */
export async function startSync(
  ctx: BaseContext & { tenantId: number },
  c: repo.ConnectionRow,
): Promise<repo.ExtractionRow> {
  const pending = (
    await repo.listExtractionRows(ctx.db, {
      tenantId: ctx.tenantId,
      datasourceId: c.datasource_id,
      statuses: ['PENDING'],
    })
  )[0];
  if (pending) return pending;
  const extraction = await repo.insertExtraction(ctx.db, {
    tenantId: ctx.tenantId,
    connectionId: c.connection_id,
    kind: 'sync',
    status: 'PENDING',
  });
  const jobId = await ctx.jobs.send(SYNC_JOB, {
    tenantId: ctx.tenantId,
    connectionId: c.connection_id,
    extractionJobId: extraction.extraction_job_id,
  });
  if (jobId)
    await repo.updateExtraction(ctx.db, ctx.tenantId, extraction.extraction_job_id, { job_id: jobId });
  await reportStage(ctx.db, {
    tenantId: ctx.tenantId,
    connectionId: c.connection_id,
    stage: 'data_connection',
    status: 'IN_PROGRESS',
    message: 'Syncing the data',
  });
  await ctx.jobs.upsertSchedule({
    key: `${SYNC_JOB}:${c.connection_id}`,
    name: SYNC_JOB,
    cron: c.sync_cron,
    timezone: c.sync_timezone,
    data: { tenantId: ctx.tenantId, connectionId: c.connection_id, scheduled: true },
  });
  return extraction;
}

export async function syncConnection({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { datasourceId: string };
}) {
  const { datasourceId } = input;
  const c = await getConnectionOrThrow({ ctx, id: datasourceId });
  if (c.connector_name === 'csv') {
    throw new AppError('bad_request', 'A CSV data source is updated by uploading a file.');
  }
  if (!c.secret) throw new AppError('bad_request', 'Save the credentials of this data source first.');
  if (c.connector_name !== 'shopify' && c.source_tables.length === 0) {
    throw new AppError('bad_request', 'Choose the tables to copy first.');
  }
  const extraction = await startSync(ctx, c);
  return { success: true, extraction_job_id: String(extraction.extraction_job_id) };
}

export function toExtraction(row: repo.ExtractionRow): Extraction {
  return {
    extraction_job_id: String(row.extraction_job_id),
    datasource_id: row.datasource_id,
    status: row.status,
    message: row.message,
    rows_imported: row.rows_imported,
    rows_rejected: row.rows_rejected,
    errors: row.errors,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

export async function listExtractions({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { status?: ExtractionStatus[] | undefined; connector_id?: string | undefined };
}): Promise<{ data: Extraction[] }> {
  // An unknown or deleted data source is not found, rather than one with no extractions yet.
  if (input.connector_id) await getConnectionOrThrow({ ctx, id: input.connector_id });
  const rows = await repo.listExtractionRows(ctx.db, {
    tenantId: ctx.tenantId,
    ...(input.status ? { statuses: input.status } : {}),
    ...(input.connector_id ? { datasourceId: input.connector_id } : {}),
  });
  return { data: rows.map(toExtraction) };
}

export async function getExtractionOrThrow({
  ctx,
  id,
}: {
  ctx: TenantContext;
  id: string;
}): Promise<repo.ExtractionRow> {
  const row = await repo.findExtraction(ctx.db, ctx.tenantId, Number(id));
  if (!row) throw new AppError('not_found', catalogueFor(404, 'extraction').message);
  return row;
}

/** Rejected rows and sample values hold every segment's data: a key scoped to one value reads neither. */
function refuseScopedKey(ctx: TenantContext): void {
  const scope = ctx.user.apiKey?.scope;
  if (scope)
    throw new AppError('forbidden', TOKEN_MESSAGES.scopedRawRows(`${scope.dimName}: ${scope.dimVal}`));
}

export async function getExtraction({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { id: string };
}): Promise<Extraction> {
  const { id } = input;
  refuseScopedKey(ctx);
  return toExtraction(await getExtractionOrThrow({ ctx, id }));
}

export async function extractionResults({
  ctx,
  input,
}: {
  ctx: TenantContext;
  input: { id: string };
}): Promise<ExtractionResults> {
  const { id } = input;
  refuseScopedKey(ctx);
  const extraction = await getExtractionOrThrow({ ctx, id });
  const tables = await catalogue.listWarehouseTables(ctx.db, ctx.tenantId, extraction.connection_id);
  return {
    datasource_id: extraction.datasource_id,
    extraction_job_id: String(extraction.extraction_job_id),
    columns: tables.flatMap((t) =>
      t.columns.map((col) => ({
        field_name: col.field_name,
        display_name: col.display_name,
        source_table_name: t.source_table_name,
        destination_table_name: t.destination_table_name,
        data_type: col.data_type,
        null_fraction: col.null_fraction,
        sample_values: col.sample_values,
        time_zone: col.time_zone ?? null,
        currency: col.currency ?? null,
      })),
    ),
    tables: tables.map((t) => ({
      source_table_name: t.source_table_name,
      destination_table_name: t.destination_table_name,
      row_count: t.row_count,
      date_column: t.date_column,
    })),
  };
}

export async function listCsvConnectorUuid(ctx: BaseContext): Promise<string> {
  const connector = await repo.findConnectorByName(ctx.db, 'csv');
  if (!connector) throw new Error('the csv connector is missing from the catalogue');
  return connector.connector_uuid;
}

/**
 * Uploads whose process died mid-import: their transaction rolled back, so nothing of them landed. They are
 * marked failed, and their data source waits for the file again.
 */
export async function recoverInterruptedUploads(ctx: BaseContext): Promise<number> {
  const count = await repo.failInterruptedUploads(ctx.db, CONNECTION_MESSAGES.interrupted);
  if (count > 0) ctx.log.warn({ count }, 'uploads interrupted by a stopped process were marked failed');
  return count;
}
