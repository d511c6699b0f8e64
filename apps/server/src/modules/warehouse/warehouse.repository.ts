import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db, Queryable } from '../../db/client';
import { distributeNewTable } from '../../db/citus';
import { quotePgIdentifier } from '../../db/identifiers';
import type { CellValue, ColumnType } from './types';

/**
 * The warehouse: each source table lands in a typed table of the workspace, `wh_<datasource>_<table>`,
 * whose first column is tenant_id (fixed per table) and whose primary key leads with it, so the table can
 * be distributed by tenant (docs/scaling.md). Identifiers reach SQL only after matching SAFE_IDENTIFIER.
 */

export interface WarehouseColumn {
  field_name: string;
  data_type: ColumnType;
}

const SAFE_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** A warehouse name, refused unless safe (so it never needs escaping), quoted by the one quoter. */
export function quoteIdent(name: string): string {
  if (!SAFE_IDENTIFIER.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return quotePgIdentifier(name);
}

const SQL_TYPES: Record<ColumnType, string> = {
  integer: 'bigint',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  text: 'text',
};

/** A lower snake_case name that fits in an identifier with room for the prefix. */
export function slugify(name: string, max = 30): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\.[a-z0-9]{1,5}$/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, max)
    .replace(/_+$/, '');
  return slug || 'data';
}

export function warehouseTableName(datasourceId: string, sourceName: string, suffix = ''): string {
  return `wh_${datasourceId}_${slugify(sourceName, 40 - datasourceId.length)}${suffix}`.slice(0, 63);
}

export async function createWarehouseTable(
  client: pg.PoolClient | { query: pg.PoolClient['query'] },
  input: {
    tenantId: number;
    table: string;
    columns: WarehouseColumn[];
    keyColumns?: string[];
    /** Leave the keys to addWarehouseKeys after a bulk load: COPY into an indexed table runs at half speed. */
    keysLater?: boolean;
  },
): Promise<void> {
  if (!Number.isSafeInteger(input.tenantId)) throw new Error('tenant id must be an integer');
  const columns = input.columns
    .map((c) => `${quoteIdent(c.field_name)} ${SQL_TYPES[c.data_type]}`)
    .join(',\n  ');
  await client.query(`create table ${quoteIdent(input.table)} (
  tenant_id bigint not null default ${input.tenantId} check (tenant_id = ${input.tenantId}),
  _row_id bigint generated always as identity,
  _loaded_at timestamptz not null default now(),
  ${columns}
)`);
  await distributeNewTable(client, input.table);
  if (!input.keysLater) await addWarehouseKeys(client, input.table, input.keyColumns);
}

/** The primary key (tenant first, for distribution by tenant) and the source's own key, if it has one. */
export async function addWarehouseKeys(
  client: { query: pg.PoolClient['query'] },
  table: string,
  keyColumns?: string[],
): Promise<void> {
  await client.query(
    `alter table ${quoteIdent(table)} add constraint ${quoteIdent(primaryKeyName(table))} primary key (tenant_id, _row_id)`,
  );
  if (keyColumns?.length) {
    await client.query(
      `create unique index ${quoteIdent(`${table.slice(0, 55)}_key`)} on ${quoteIdent(table)} (tenant_id, ${keyColumns.map(quoteIdent).join(', ')})`,
    );
  }
}

const primaryKeyName = (table: string) => `${table.slice(0, 58)}_pkey`;

/** Renames a table and its primary key with it, so a later table can take the old key's name. */
export async function renameWarehouseTable(
  client: { query: pg.PoolClient['query'] },
  from: string,
  to: string,
): Promise<void> {
  await client.query(`alter table ${quoteIdent(from)} rename to ${quoteIdent(to)}`);
  await client.query(
    `alter index if exists ${quoteIdent(primaryKeyName(from))} rename to ${quoteIdent(primaryKeyName(to))}`,
  );
}

/**
 * A block-range index on the date column: tables arrive roughly in time order, so an incremental
 * recompute reads only the ranges holding recent rows, for an index of a few pages.
 */
export async function ensureDateIndex(
  client: { query(sql: string): Promise<unknown> },
  table: string,
  column: string,
): Promise<void> {
  const name = `wh_brin_${createHash('sha256').update(`${table}.${column}`).digest('hex').slice(0, 20)}`;
  await client.query(
    `create index if not exists ${quoteIdent(name)} on ${quoteIdent(table)} using brin (${quoteIdent(column)}) with (autosummarize = on)`,
  );
}

export async function dropWarehouseTable(
  client: { query: pg.PoolClient['query'] },
  table: string,
): Promise<void> {
  await client.query(`drop table if exists ${quoteIdent(table)}`);
}

/** Streams COPY text (tab-separated lines, \N for null) into the table's listed columns. */
export async function copyInto(
  client: pg.PoolClient,
  table: string,
  columns: string[],
  source: Readable,
  signal?: AbortSignal,
): Promise<void> {
  const copy = client.query(
    copyFrom(`copy ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) from stdin`),
  );
  await pipeline(source, copy, ...(signal ? [{ signal }] : []));
}

/** One COPY text field: the PostgreSQL input form of a cell, escaped for the text format. */
export function copyField(value: CellValue, type: ColumnType): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '\\N';
    text = type === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
  } else if (typeof value === 'boolean') {
    text = value ? 't' : 'f';
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '\\N';
    text = String(value);
  } else {
    text = value;
  }
  // PostgreSQL text cannot hold NUL; the text format escapes backslash, tab, newline and carriage return.
  return text
    .replaceAll('\u0000', '')
    .replace(/\\/g, '\\\\')
    .replace(/\t/g, '\\t')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
}

/** One batch of rows as COPY text, for connectors that read rows. */
export function copyText(batch: readonly CellValue[][], columns: readonly WarehouseColumn[]): string {
  let out = '';
  for (const row of batch) {
    out += columns.map((c, i) => copyField(row[i] ?? null, c.data_type)).join('\t') + '\n';
  }
  return out;
}

// ---- Loading a source table through a staging table (sync.ts) ----

type Client = pg.PoolClient;

/** The client as the repositories' Queryable, for reads inside the same transaction. */
export const queryableOf = (client: Client): Queryable => ({
  query: async <T extends object>(sql: string, params?: unknown[]) =>
    (await client.query<T>(sql, params)).rows,
});

/** fn inside one transaction on one client (COPY needs the client): it all lands, or none of it. */
export async function inClientTransaction<T>(db: Db, fn: (client: Client) => Promise<T>): Promise<T> {
  return db.withClient((client) => transactionOn(client, () => fn(client)));
}

/** fn on one client of its own (a session: its pid, COPY streams, a transaction across steps). */
export async function withSession<T>(db: Db, fn: (client: Client) => Promise<T>): Promise<T> {
  return db.withClient(fn);
}

/** fn inside one transaction on a client already held (an upload keeps its session across steps). */
export async function transactionOn<T>(client: Client, fn: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await fn();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** Offset-less times read as wall times in a chosen zone become instants. */
export async function zoneColumns(
  client: Client,
  table: string,
  zoned: Array<{ field_name: string; zone: string }>,
): Promise<void> {
  if (zoned.length === 0) return;
  const parts = zoned.map(({ field_name, zone }) => {
    const name = quoteIdent(field_name);
    return `alter column ${name} type timestamptz using ${name} at time zone ${quoteLiteral(zone)}`;
  });
  await client.query(`alter table ${quoteIdent(table)} ${parts.join(', ')}`);
}

/** A zone name as an SQL literal (DDL takes no parameters). */
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Until the transaction ends, the one sync of this connection. */
export async function lockForSync(client: Client, connectionId: number): Promise<void> {
  await client.query(`select pg_advisory_xact_lock(hashtextextended('sync:' || $1::text, 0))`, [
    connectionId,
  ]);
}

const columnList = (columns: readonly WarehouseColumn[]) =>
  columns.map((c) => quoteIdent(c.field_name)).join(', ');

export async function addMissingColumns(
  client: Client,
  table: string,
  have: string[],
  want: readonly WarehouseColumn[],
): Promise<void> {
  for (const c of want) {
    if (!have.includes(c.field_name)) {
      await client.query(
        `alter table ${quoteIdent(table)} add column ${quoteIdent(c.field_name)} ${SQL_TYPES[c.data_type]}`,
      );
    }
  }
}

/** A temporary table for one run's rows, dropped at commit. */
export async function createStage(
  client: Client,
  stage: string,
  columns: readonly WarehouseColumn[],
): Promise<void> {
  await client.query(
    `create temp table ${quoteIdent(stage)} (${columns.map((c) => `${quoteIdent(c.field_name)} ${SQL_TYPES[c.data_type]}`).join(', ')}) on commit drop`,
  );
}

/** The staged rows replace their earlier copies by key. */
export async function upsertFromStage(
  client: Client,
  input: { stage: string; target: string; columns: readonly WarehouseColumn[]; keyFields: string[] },
): Promise<void> {
  const list = columnList(input.columns);
  const updates = input.columns.map(
    (c) => `${quoteIdent(c.field_name)} = excluded.${quoteIdent(c.field_name)}`,
  );
  await client.query(
    `insert into ${quoteIdent(input.target)} (${list}) select ${list} from ${quoteIdent(input.stage)}
     on conflict (tenant_id, ${input.keyFields.map(quoteIdent).join(', ')}) do update set ${updates.join(', ')}, _loaded_at = excluded._loaded_at`,
  );
}

export async function insertFromStage(
  client: Client,
  input: { stage: string; target: string; columns: readonly WarehouseColumn[] },
): Promise<void> {
  const list = columnList(input.columns);
  await client.query(
    `insert into ${quoteIdent(input.target)} (${list}) select ${list} from ${quoteIdent(input.stage)}`,
  );
}

/** The rows from the cursor on, which the incremental read brings again. */
export async function deleteFromCursor(
  client: Client,
  table: string,
  cursorField: string,
  from: string,
): Promise<void> {
  await client.query(`delete from ${quoteIdent(table)} where ${quoteIdent(cursorField)} >= $1`, [from]);
}

export async function deleteAllRows(client: Client, table: string): Promise<void> {
  await client.query(`delete from ${quoteIdent(table)}`);
}

/** The largest value of a column among the staged rows, as text. */
export async function stageMaxText(client: Client, stage: string, field: string): Promise<string | null> {
  const { rows } = await client.query<{ v: string | null }>(
    `select max(${quoteIdent(field)})::text as v from ${quoteIdent(stage)}`,
  );
  return rows[0]?.v ?? null;
}

interface DateRead {
  dateColumn: string;
  columns: readonly WarehouseColumn[];
  timezone: string;
}

/** The earliest date among the staged rows, in the store's clock. */
export async function earliestStageDate(
  client: Client,
  input: DateRead & { stage: string },
): Promise<Date | null> {
  return earliestDate(client, quoteIdent(input.stage), input);
}

/**
 * The earliest date of the rows that differ between the staged copy and the table (either side). Undefined
 * when they cannot be compared (a column whose type changed at the source): then every row counts as read.
 */
export async function earliestChangedDate(
  client: Client,
  input: DateRead & { stage: string; target: string },
): Promise<Date | null | undefined> {
  const list = columnList(input.columns);
  const stage = quoteIdent(input.stage);
  const target = quoteIdent(input.target);
  await client.query('savepoint diff');
  try {
    return await earliestDate(
      client,
      `((select ${list} from ${stage} except all select ${list} from ${target})
        union all (select ${list} from ${target} except all select ${list} from ${stage})) changed`,
      input,
    );
  } catch {
    await client.query('rollback to savepoint diff');
    return undefined;
  }
}

/** The earliest date of some rows (`from`: a table or a subquery, as SQL), in the store's clock. */
async function earliestDate(client: Client, from: string, input: DateRead): Promise<Date | null> {
  const column = input.columns.find((c) => c.field_name === input.dateColumn);
  if (!column) return null;
  // Dates and plain timestamps are the store's local time.
  const expr =
    column.data_type === 'timestamptz'
      ? `min(${quoteIdent(input.dateColumn)})`
      : `min(${quoteIdent(input.dateColumn)})::timestamp at time zone $1`;
  const params = column.data_type === 'timestamptz' ? [] : [input.timezone];
  const { rows } = await client.query<{ v: Date | null }>(`select ${expr} as v from ${from}`, params);
  return rows[0]?.v ?? null;
}

/** The table's row count (`n`) and each column's non-null count (`c<i>`), in one scan. */
export async function columnCounts(
  client: Client,
  table: string,
  columns: readonly WarehouseColumn[],
): Promise<Record<string, number>> {
  const counts = columns.map((c, i) => `count(${quoteIdent(c.field_name)}) as c${i}`).join(', ');
  const { rows } = await client.query<Record<string, number>>(
    `select count(*)::bigint as n${counts ? `, ${counts}` : ''} from ${quoteIdent(table)}`,
  );
  return rows[0] ?? { n: 0 };
}

/** Up to three distinct values of a column, read from its first 200 non-null rows. */
export async function sampleValues(client: Client, table: string, field: string): Promise<string[]> {
  const column = quoteIdent(field);
  const { rows } = await client.query<{ v: string }>(
    `select distinct ${column}::text as v from (select ${column} from ${quoteIdent(table)} where ${column} is not null limit 200) s limit 3`,
  );
  return rows.map((r) => r.v);
}
