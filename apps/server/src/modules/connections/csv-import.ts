import { Readable } from 'node:stream';

import { CsvSniffError, RowErrorLog, createCsvToCopy, inspectCsv } from '@tidemark/csv';

import { CONNECTION_MESSAGES, type ImportSummary } from '@tidemark/contract';

import { AppError, isAppError } from '../../errors';

import type { TenantContext } from '../../plugins/context';

import { requestSeriesUpdate, reportStage } from '../../jobs/stages';

import * as repo from './connections.repository';
import { WAREHOUSE_COLUMNS, describeColumns } from './columns';

import { catalogue, tables as wh } from '../warehouse';

/** Enough of the file to sniff its dialect and infer its column types. */
const HEAD_BYTES = 1_048_576;
const SAMPLE_ROWS = 5_000;

/**
 * Reads the first megabyte through the stream's one iterator, which the import then carries on with:
 * leaving a for-await loop early would destroy the upload.
 */
async function readHead(chunks: AsyncIterator<Buffer | string>): Promise<{ head: Buffer; ended: boolean }> {
  const parts: Buffer[] = [];
  let size = 0;
  for (;;) {
    const next = await chunks.next();
    if (next.done) return { head: Buffer.concat(parts), ended: true };
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    parts.push(chunk);
    size += chunk.length;
    if (size >= HEAD_BYTES) return { head: Buffer.concat(parts), ended: false };
  }
}

/**
 * Streams an uploaded CSV into a new typed warehouse table with COPY, inside one transaction: the import
 * lands whole or not at all (a killed process rolls back; nothing is left half-written). The file is never
 * held whole, nor written to disk. Rows that cannot be read are counted and reported with their line and
 * reason (the first 100), never dropped in silence.
 */
/**
 * The zones chosen in the preview (`{"field_name": "Area/City"}`), checked: a zone PostgreSQL and the
 * browser both know, for a column of the file. Throws a bad_request naming what is wrong.
 */
export function parseColumnTimeZones(raw: string | undefined): Map<string, string> {
  const zones = new Map<string, string>();
  if (!raw) return zones;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError('bad_request', 'column_time_zones must be a JSON object of column names and zones.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError('bad_request', 'column_time_zones must be a JSON object of column names and zones.');
  }
  for (const [field, zone] of Object.entries(parsed)) {
    if (typeof zone !== 'string' || !isTimeZone(zone)) {
      throw new AppError('bad_request', `"${String(zone)}" is not a time zone (column ${field}).`);
    }
    zones.set(field, zone);
  }
  return zones;
}

function isTimeZone(zone: string): boolean {
  // Names only (`Africa/Johannesburg`, `UTC`, `Etc/GMT+2`): the zone is written into DDL as a literal.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export async function importCsvFile(
  ctx: TenantContext,
  input: {
    connection: repo.ConnectionRow;
    filename: string;
    stream: Readable;
    /** JSON from the upload form: zones of offset-less timestamp columns (see parseColumnTimeZones). */
    columnTimeZones?: string | undefined;
  },
): Promise<ImportSummary> {
  const { connection, filename } = input;
  const tenantId = ctx.tenantId;
  const errors = new RowErrorLog();
  const chosenZones = parseColumnTimeZones(input.columnTimeZones);
  let id = 0;
  try {
    return await wh.withSession(ctx.db, async (client) => {
      const q = wh.queryableOf(client);
      // The upload is recorded on its own session, whose pid tells any process later whether it still runs.
      id = (await repo.startUpload(q, { tenantId, connectionId: connection.connection_id }))
        .extraction_job_id;
      await reportStage(ctx.db, {
        tenantId,
        connectionId: connection.connection_id,
        stage: 'data_connection',
        status: 'IN_PROGRESS',
        message: `Uploading ${filename}`,
      });
      const chunks = (input.stream as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
      const { head, ended } = await readHead(chunks);
      let inspection;
      try {
        inspection = inspectCsv(head, {
          wholeFile: ended,
          maxRecords: SAMPLE_ROWS,
          taken: WAREHOUSE_COLUMNS,
        });
      } catch (error) {
        if (error instanceof CsvSniffError) throw new AppError('bad_request', error.message);
        throw error;
      }
      const { dialect, columns, sample } = inspection;
      if (columns.length === 0) throw new AppError('bad_request', 'The file has no header row.');
      const copy = createCsvToCopy({ dialect, columns, errors, skipLines: sample.preambleLines });
      // Offset-less times in a chosen zone (or UTC by their header) become instants; the others stay wall
      // times, which the series read in the workspace's zone.
      const zones = columns.map((c) =>
        c.type === 'timestamp' ? (chosenZones.get(c.field_name) ?? c.timeZone ?? null) : null,
      );
      const stored = columns.map((c, i) => ({
        field_name: c.field_name,
        data_type: zones[i] ? ('timestamptz' as const) : c.type,
      }));

      const existing = (await catalogue.listWarehouseTables(ctx.db, tenantId, connection.connection_id)).find(
        (t) => t.source_table_name === filename,
      );
      const taken = await catalogue.destinationNamesTaken(ctx.db, tenantId);
      const destination =
        existing?.destination_table_name ?? uniqueName(connection.datasource_id, filename, taken);
      // A new export of the same file replaces the old table in one step, keeping its name for the metrics.
      const building = existing ? `${destination.slice(0, 54)}_new_${id % 1000}` : destination;

      const copyStream = Readable.from(
        (async function* () {
          for (const part of copy.push(head)) yield part;
          if (!ended) {
            for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
              const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
              for (const part of copy.push(chunk)) yield part;
            }
          }
          for (const part of copy.end()) yield part;
        })(),
      );

      await wh.transactionOn(client, async () => {
        await wh.createWarehouseTable(client, {
          tenantId,
          table: building,
          columns: columns.map((c) => ({ field_name: c.field_name, data_type: c.type })),
          keysLater: true,
        });
        await wh.copyInto(
          client,
          building,
          columns.map((c) => c.field_name),
          copyStream,
        );
        await wh.zoneColumns(
          client,
          building,
          columns.flatMap((c, i) => (zones[i] ? [{ field_name: c.field_name, zone: zones[i] }] : [])),
        );
        if (copy.rows === 0) {
          throw new AppError(
            'bad_request',
            errors.count > 0
              ? `None of the rows could be read. ${errors.first[0]?.reason ?? ''}`.trim()
              : 'The file has a header but no rows.',
          );
        }
        await wh.addWarehouseKeys(client, building);
        if (existing) {
          await wh.dropWarehouseTable(client, destination);
          await wh.renameWarehouseTable(client, building, destination);
        }
        const described = await describeColumns(
          client,
          destination,
          stored,
          columns.map((c) => c.display_name),
          columns.map((c) => c.display_name),
        );
        described.columns.forEach((c, i) => {
          if (zones[i]) c.time_zone = zones[i];
          const currency = columns[i]!.currency;
          if (currency) c.currency = currency;
        });
        await catalogue.upsertWarehouseTable(q, {
          tenant_id: tenantId,
          connection_id: connection.connection_id,
          source_table_name: filename,
          destination_table_name: destination,
          columns: described.columns,
          key_columns: [],
          cursor_column: null,
          cursor_value: null,
          row_count: described.rowCount,
          dirty_from: null,
        });
        if (existing) await catalogue.markNeedsFullRecompute(q, tenantId, existing.table_id);
      });

      const imported = copy.rows;
      const fresh = (await repo.findConnectionById(ctx.db, tenantId, connection.connection_id))!;
      const configured = fresh.metric_configuration_status === 'SUCCESSFUL';
      await repo.updateExtraction(ctx.db, tenantId, id, {
        status: configured ? 'SUCCESSFUL' : 'READY',
        message: `Imported ${imported.toLocaleString('en-US')} rows from ${filename}${errors.count ? `; ${errors.count.toLocaleString('en-US')} could not be read` : ''}.`,
        rows_imported: imported,
        rows_rejected: errors.count,
        errors: [...errors.first],
        finished: true,
      });
      await repo.updateConnection(ctx.db, tenantId, connection.connection_id, { last_synced_at: new Date() });
      await reportStage(ctx.db, {
        tenantId,
        connectionId: connection.connection_id,
        stage: 'data_connection',
        status: 'SUCCESSFUL',
        message: null,
      });
      if (fresh.metric_configuration_status === 'NOT_STARTED') {
        await reportStage(ctx.db, {
          tenantId,
          connectionId: connection.connection_id,
          stage: 'metric_configuration',
          status: 'IN_PROGRESS',
          message: CONNECTION_MESSAGES.userActionNeeded,
        });
      }
      if (configured) await requestSeriesUpdate(ctx, tenantId);
      return {
        source_table_name: filename,
        destination_table_name: destination,
        rows_imported: imported,
        rows_rejected: errors.count,
        errors: [...errors.first],
      };
    });
  } catch (error) {
    input.stream.resume();
    const message = isAppError(error)
      ? error.message
      : (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
        ? 'The file is larger than 2 GB, the most one upload can be.'
        : `${CONNECTION_MESSAGES.uploadFailed}. ${copyErrorReason(error)}`;
    await repo.updateExtraction(ctx.db, tenantId, id, {
      status: 'FAILED',
      message,
      rows_rejected: errors.count,
      errors: [...errors.first],
      finished: true,
    });
    // Ended, with its reason: an upload left IN_PROGRESS reads as one still running.
    await reportStage(ctx.db, {
      tenantId,
      connectionId: connection.connection_id,
      stage: 'data_connection',
      status: 'FAILED',
      message: `${message} ${CONNECTION_MESSAGES.tryAgain}.`,
    });
    if (isAppError(error) || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw error;
    ctx.log.warn({ err: error, datasource: connection.datasource_id }, 'CSV import failed');
    throw new AppError('bad_request', message);
  }
}

/**
 * PostgreSQL's own complaint about a value (a date out of range, say), told as a row and field of the file
 * ("Row 3, created_at: …"); its context reads `COPY t, line 3, column created_at: "…"`.
 */
export function copyErrorReason(error: unknown): string {
  const e = error as { message?: string; where?: string };
  const at = /line (\d+)(?:, column ([^:]+))?/.exec(e.where ?? '');
  const place = at ? `Row ${at[1]}${at[2] ? `, ${at[2]}` : ''}: ` : '';
  return `${place}${e.message ?? 'the file could not be read'}`;
}

function uniqueName(datasourceId: string, filename: string, taken: Set<string>): string {
  let name = wh.warehouseTableName(datasourceId, filename);
  for (let n = 2; taken.has(name); n++) name = wh.warehouseTableName(datasourceId, filename, `_${n}`);
  return name;
}
