import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { distributeNewTable } from '../../db/citus';
import type { CellValue, ColumnType } from './connectors/types';

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

export function quoteIdent(name: string): string {
  if (!SAFE_IDENTIFIER.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `"${name}"`;
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
