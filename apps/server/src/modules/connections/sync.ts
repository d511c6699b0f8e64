import { Readable } from 'node:stream';

import { CONNECTION_MESSAGES } from '@tidemark/contract';

import type { BaseContext } from '../../plugins/context';

import { defineJob, type JobContext, type JobDefinition } from '../../jobs/queue';

import { connectorFor, logConnectorError } from './connector-for';

import { ConnectorError, type Connector, type SourceColumn } from './connectors/types';

import { SHOPIFY_TABLES } from './connectors/shopify';

import * as repo from './connections.repository';
import { describeColumns, fieldNamesFor } from './columns';

import { requestSeriesUpdate, reportStage } from '../../jobs/stages';
import { catalogue, tables as wh } from '../warehouse';

export const SYNC_JOB = 'connections.sync';

export interface SyncJobData {
  tenantId: number;
  connectionId: number;
  /** Absent when a schedule started the sync. */
  extractionJobId?: number;
  scheduled?: boolean;
}

/**
 * Copies a database's or a store's tables into the warehouse. Each table lands in one transaction: a failed
 * or cancelled sync leaves the previous data as it was. Incremental by a cursor column (rows at or after the
 * last value are read again and replace their earlier copies), so a sync that is retried after its process
 * died finds its committed tables advanced and re-reads only what did not land.
 */
export function syncJob(base: BaseContext): JobDefinition<SyncJobData> {
  return defineJob<SyncJobData>({
    name: SYNC_JOB,
    concurrency: 2,
    retryLimit: 3,
    retryDelay: 30,
    async handler(job) {
      await runSync(base, job);
    },
  });
}

async function runSync(base: BaseContext, job: JobContext<SyncJobData>): Promise<void> {
  const { tenantId, connectionId } = job.data;
  const connection = await repo.findConnectionById(base.db, tenantId, connectionId);
  if (!connection) return; // deleted since it was queued
  const extraction = job.data.extractionJobId
    ? await repo.findExtraction(base.db, tenantId, job.data.extractionJobId)
    : await repo.insertExtraction(base.db, { tenantId, connectionId, kind: 'sync', status: 'PENDING' });
  if (
    !extraction ||
    extraction.status === 'CANCELLED' ||
    extraction.status === 'READY' ||
    extraction.status === 'SUCCESSFUL'
  ) {
    return;
  }
  const id = extraction.extraction_job_id;
  await repo.updateExtraction(base.db, tenantId, id, {
    status: 'IN_PROGRESS',
    message: null,
    started: true,
    job_id: job.id,
  });
  await reportStage(base.db, {
    tenantId,
    connectionId: connectionId,
    stage: 'data_connection',
    status: 'IN_PROGRESS',
    message: 'Syncing the data',
  });

  let connector: Connector | undefined;
  let rows = 0;
  try {
    connector = connectorFor(base, connection);
    const tables =
      connection.connector_name === 'shopify' && connection.source_tables.length === 0
        ? [...SHOPIFY_TABLES]
        : connection.source_tables;
    for (const table of tables) {
      rows += await syncTable(base, { connection, connector, table, job, rowsSoFar: rows });
    }
  } catch (error) {
    const cancelled = job.signal.aborted;
    if (!cancelled && error instanceof ConnectorError) logConnectorError(base, connection, error);
    const reason = cancelled
      ? 'The sync was stopped.'
      : error instanceof ConnectorError
        ? error.reason
        : `The sync failed: ${error instanceof Error ? error.message : String(error)}`;
    await repo.updateExtraction(base.db, tenantId, id, {
      status: cancelled ? 'CANCELLED' : 'FAILED',
      message: reason,
      rows_imported: rows,
      finished: true,
    });
    if (!cancelled) {
      await reportStage(base.db, {
        tenantId,
        connectionId: connectionId,
        stage: 'data_connection',
        status: 'FAILED',
        message: `${reason} ${CONNECTION_MESSAGES.talkToUs}`,
      });
    }
    // A user can fix a refused password; retrying cannot. Anything else (a dropped network) is retried.
    if (!cancelled && !(error instanceof ConnectorError)) throw error;
    return;
  } finally {
    await connector?.close();
  }

  const fresh = (await repo.findConnectionById(base.db, tenantId, connectionId))!;
  const configured = fresh.metric_configuration_status === 'SUCCESSFUL';
  await repo.updateExtraction(base.db, tenantId, id, {
    status: configured ? 'SUCCESSFUL' : 'READY',
    message: `Synced ${rows.toLocaleString('en-US')} rows.`,
    rows_imported: rows,
    finished: true,
  });
  await repo.updateConnection(base.db, tenantId, connectionId, { last_synced_at: new Date() });
  await reportStage(base.db, {
    tenantId,
    connectionId: connectionId,
    stage: 'data_connection',
    status: 'SUCCESSFUL',
    message: null,
  });
  if (fresh.metric_configuration_status === 'NOT_STARTED') {
    await reportStage(base.db, {
      tenantId,
      connectionId: connectionId,
      stage: 'metric_configuration',
      status: 'IN_PROGRESS',
      message: CONNECTION_MESSAGES.userActionNeeded,
    });
  }
  if (configured) await requestSeriesUpdate(base, tenantId);
}

/** Prefers a change timestamp, then a creation timestamp, then a single integer key. */
export function chooseCursor(columns: SourceColumn[]): string | null {
  const timeTypes = new Set(['timestamp', 'timestamptz', 'date']);
  const byName = (names: string[]) =>
    columns.find((c) => names.includes(c.name.toLowerCase()) && timeTypes.has(c.type))?.name;
  const keys = columns.filter((c) => c.isKey);
  return (
    byName(['updated_at', 'updatedat', 'modified_at', 'last_modified', 'updated']) ??
    byName(['created_at', 'createdat', 'inserted_at']) ??
    (keys.length === 1 && keys[0]!.type === 'integer' ? keys[0]!.name : null)
  );
}

async function syncTable(
  base: BaseContext,
  input: {
    connection: repo.ConnectionRow;
    connector: Connector;
    table: string;
    job: JobContext<SyncJobData>;
    rowsSoFar: number;
  },
): Promise<number> {
  const { connection, connector, table, job } = input;
  const tenantId = connection.tenant_id;
  const sourceColumns = await connector.readSchema(table);
  const names = fieldNamesFor(sourceColumns.map((c) => c.name));
  const cursorSource = chooseCursor(sourceColumns);
  const cursorField = cursorSource ? names[sourceColumns.findIndex((c) => c.name === cursorSource)]! : null;
  const keyFields = sourceColumns.flatMap((c, i) => (c.isKey ? [names[i]!] : []));
  const columns = sourceColumns.map((c, i) => ({ field_name: names[i]!, data_type: c.type }));

  return wh.inClientTransaction(base.db, async (client) => {
    // Two syncs of one source (a click during the scheduled one) take turns per table; the second reads
    // the table and cursor the first left, so it neither creates the table twice nor reads rows twice.
    await wh.lockForSync(client, connection.connection_id);
    const existing = (
      await catalogue.listWarehouseTables(wh.queryableOf(client), tenantId, connection.connection_id)
    ).find((t) => t.source_table_name === table);
    const incremental =
      existing !== undefined && existing.cursor_column === cursorField && cursorField !== null;
    const from = incremental ? existing.cursor_value : null;
    let destination = existing?.destination_table_name;
    if (!destination) {
      destination = wh.warehouseTableName(connection.datasource_id, table);
      await wh.createWarehouseTable(client, { tenantId, table: destination, columns, keyColumns: keyFields });
    } else {
      await wh.addMissingColumns(
        client,
        destination,
        existing!.columns.map((c) => c.field_name),
        columns,
      );
    }
    // Rows go to a staging table first, then replace their earlier copies in one statement.
    const stage = `stage_${job.id.replace(/-/g, '').slice(0, 16)}`;
    await wh.createStage(client, stage, columns);
    let read = 0;
    const batches = connector.readRows(table, {
      columns: sourceColumns,
      cursorColumn: cursorSource ?? undefined,
      from: from ?? undefined,
      batchSize: 5000,
      signal: job.signal,
    });
    // One stream from the source to COPY: a failed or cancelled read rejects the pipeline, never an
    // error event nobody listens to.
    const text = Readable.from(
      (async function* () {
        for await (const batch of batches) {
          read += batch.length;
          await job.progress({ table, rows: input.rowsSoFar + read });
          yield wh.copyText(batch, columns);
        }
      })(),
    );
    await wh.copyInto(
      client,
      stage,
      columns.map((c) => c.field_name),
      text,
      job.signal,
    );

    // Dates are read on the store's clock; a table without a date column has no series to mark.
    const timezone = existing?.date_column ? await timezoneOf(base, tenantId) : null;
    // undefined: the rows read decide; null: nothing changed.
    let changedFrom: Date | null | undefined;
    if (existing && keyFields.length > 0) {
      await wh.upsertFromStage(client, { stage, target: destination, columns, keyFields });
    } else {
      if (existing && incremental && from !== null) {
        await wh.deleteFromCursor(client, destination, cursorField!, from);
      } else if (existing) {
        // A table without a cursor is read whole every time. Its series need recomputing only from the
        // earliest row that changed (a new hour, a corrected day), not from the start of its history.
        if (existing.date_column && timezone) {
          changedFrom = await wh.earliestChangedDate(client, {
            stage,
            target: destination,
            columns,
            dateColumn: existing.date_column,
            timezone,
          });
        }
        await wh.deleteAllRows(client, destination);
      }
      await wh.insertFromStage(client, { stage, target: destination, columns });
    }

    // The newest cursor is in what was just read (every row from the last cursor on, or all of them):
    // the staging table answers it without scanning the warehouse table.
    const cursorValue = cursorField ? ((await wh.stageMaxText(client, stage, cursorField)) ?? from) : null;
    const dirtyFrom =
      !existing?.date_column || !timezone
        ? null
        : changedFrom !== undefined
          ? changedFrom
          : await wh.earliestStageDate(client, {
              stage,
              dateColumn: existing.date_column,
              columns,
              timezone,
            });
    const described = await describeColumns(
      client,
      destination,
      columns,
      sourceColumns.map((c) => c.name),
    );
    await catalogue.upsertWarehouseTable(wh.queryableOf(client), {
      tenant_id: tenantId,
      connection_id: connection.connection_id,
      source_table_name: table,
      destination_table_name: destination,
      columns: described.columns,
      key_columns: keyFields,
      cursor_column: cursorField,
      cursor_value: cursorValue,
      row_count: described.rowCount,
      dirty_from: dirtyFrom,
    });
    return read;
  });
}

const timezoneOf = (base: BaseContext, tenantId: number) => repo.tenantTimezone(base.db, tenantId);
