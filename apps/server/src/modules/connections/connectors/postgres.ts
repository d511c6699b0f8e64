import { quotePgIdentifier } from '../../../db/identifiers';
import pg from 'pg';
import Cursor from 'pg-cursor';
import {
  abortReason,
  batchSizeOf,
  connectFailed,
  connectTimedOut,
  cursorFrom,
  pickColumns,
  targetOnce,
  toConnectorError,
  timeoutsOf,
  untilAborted,
  type CatalogueColumn,
  type DatabaseConnectionConfig,
  type SqlConnectorOptions,
} from './sql-common';
import { converterFor, cursorParameter } from './sql-types';
import {
  ConnectorError,
  type CellValue,
  type ColumnType,
  type Connector,
  type ReadRowsOptions,
  type SourceColumn,
  type SourceTable,
} from './types';

// Every value arrives as the server's text; sql-types converts it by the column's type. Per client,
// because pg.types is shared by the whole process.
const RAW_TEXT: pg.CustomTypesConfig = {
  getTypeParser: (() => (value: string) => value) as unknown as pg.CustomTypesConfig['getTypeParser'],
};

/** Settings that make the server's text unambiguous, and keep the connector from ever writing. */
const SESSION_SETUP = [
  `set DateStyle = 'ISO, YMD'`,
  `set TimeZone = 'UTC'`,
  `set IntervalStyle = 'postgres'`,
  `set extra_float_digits = 3`,
  `set bytea_output = 'hex'`,
  `set default_transaction_read_only = on`,
].join(';\n');

const TABLE_KINDS = `c.relkind in ('r', 'v', 'm', 'f', 'p')`;

/** Tables and views the user may read, outside system schemas; partitions are read through their parent. */
const READABLE_TABLES = `
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where ${TABLE_KINDS}
    and not c.relispartition
    and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    and n.nspname !~ '^pg_(toast_)?temp_'
    and has_schema_privilege(n.oid, 'USAGE')
    and has_any_column_privilege(c.oid, 'SELECT')
    and ($1::text is null or n.nspname = $1::text)`;

const LIST_TABLES = `
  select n.nspname || '.' || c.relname as name,
    case
      when c.relkind in ('r', 'm') and c.reltuples >= 0 then c.reltuples::bigint
      when c.relkind = 'p' then (
        select sum(greatest(part.reltuples, 0))::bigint
        from pg_catalog.pg_inherits i join pg_catalog.pg_class part on part.oid = i.inhrelid
        where i.inhparent = c.oid)
    end as estimated_rows
  ${READABLE_TABLES}
  order by n.nspname, c.relname`;

const FIND_TABLE = `
  select c.oid::text as oid, n.nspname as schema, c.relname as name
  ${READABLE_TABLES}
    and n.nspname || '.' || c.relname = $2`;

const TABLE_COLUMNS = `
  select a.attname as name,
    coalesce(base.typname, t.typname) as type_name,
    coalesce(a.attnum = any(pk.indkey), false) as is_key
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_type t on t.oid = a.atttypid
  left join pg_catalog.pg_type base on t.typtype = 'd' and base.oid = t.typbasetype
  left join pg_catalog.pg_index pk on pk.indrelid = a.attrelid and pk.indisprimary
  where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped
    and has_column_privilege(a.attrelid, a.attnum, 'SELECT')
  order by a.attnum`;

export type { DatabaseConnectionConfig, SqlConnectorOptions } from './sql-common';

const TYPES: Record<string, ColumnType> = {
  int2: 'integer',
  int4: 'integer',
  int8: 'integer',
  numeric: 'decimal',
  float4: 'decimal',
  float8: 'decimal',
  money: 'decimal',
  bool: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
};

/** The warehouse type of a PostgreSQL type name (pg_type.typname, domains resolved to their base). */
export function postgresColumnType(typeName: string): ColumnType {
  return TYPES[typeName] ?? 'text';
}

interface ResolvedTable {
  oid: string;
  schema: string;
  name: string;
}

export function createPostgresConnector(
  config: DatabaseConnectionConfig,
  options: SqlConnectorOptions = {},
): Connector {
  const { connectTimeoutMs, metadataTimeoutMs } = timeoutsOf(options);
  const target = targetOnce(config, options.guard);
  let metadata: Promise<pg.Client> | null = null;
  const reads = new Set<AbortController>();
  let closed = false;

  const fail = (error: unknown): ConnectorError => toConnectorError(error, config.password);

  async function open(statementTimeoutMs: number): Promise<pg.Client> {
    if (closed) throw new ConnectorError('The connection was closed');
    const checked = await target().catch((error: unknown) => {
      throw connectFailed(error, config);
    });
    const client = new pg.Client({
      host: checked?.address ?? config.host,
      port: config.port,
      database: config.database,
      user: config.user,
      password: config.password,
      ssl: sslOptions(config.tls, checked?.servername),
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      application_name: 'tidemark',
      types: RAW_TEXT,
    });
    // A server that goes away between queries emits 'error' on an idle client; the next query reports it.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query(
        `${SESSION_SETUP};\nset lock_timeout = ${metadataTimeoutMs};\nset statement_timeout = ${statementTimeoutMs}`,
      );
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      if (isConnectTimeout(error)) throw connectTimedOut(config, connectTimeoutMs, error, checked);
      throw connectFailed(error, config, checked);
    }
  }

  /** The connector's one long-lived connection, for catalogue queries; reopened if it broke. */
  async function metadataClient(): Promise<pg.Client> {
    if (!metadata) {
      metadata = open(metadataTimeoutMs);
      metadata.catch(() => {
        metadata = null;
      });
    }
    return metadata;
  }

  async function query(text: string, values: unknown[]): Promise<Record<string, string | null>[]> {
    const client = await metadataClient();
    try {
      const result = await client.query<Record<string, string | null>>(text, values);
      return result.rows;
    } catch (error) {
      if (!isServerError(error)) {
        metadata = null;
        await client.end().catch(() => {});
      }
      throw fail(error);
    }
  }

  async function resolveTable(table: string): Promise<ResolvedTable> {
    const rows = await query(FIND_TABLE, [config.schema ?? null, table]);
    const [row, ...others] = rows;
    if (!row) throw new ConnectorError(`Table "${table}" was not found`);
    // Only when a schema or table name itself contains a dot can two tables share one qualified name.
    if (others.length > 0) throw new ConnectorError(`Table name "${table}" is ambiguous`);
    return { oid: String(row.oid), schema: String(row.schema), name: String(row.name) };
  }

  async function catalogueColumns(resolved: ResolvedTable): Promise<CatalogueColumn[]> {
    const rows = await query(TABLE_COLUMNS, [resolved.oid]);
    return rows.map((row) => {
      const sourceType = String(row.type_name);
      return {
        name: String(row.name),
        type: postgresColumnType(sourceType),
        isKey: row.is_key === 't',
        sourceType,
      };
    });
  }

  const terminations = new Set<Promise<unknown>>();

  /** Ends a read's backend from the catalogue connection; close() waits for it before ending that one. */
  function terminate(pid: string): void {
    if (!metadata) return;
    const done = metadata
      .then((client) => client.query('select pg_terminate_backend($1::int)', [pid]))
      .catch(() => {})
      .finally(() => terminations.delete(done));
    terminations.add(done);
  }

  async function* readRows(table: string, read: ReadRowsOptions): AsyncGenerator<CellValue[][]> {
    const { signal } = read;
    signal?.throwIfAborted();
    const batchSize = batchSizeOf(read);
    const resolved = await untilAborted(resolveTable(table), signal, () => {});
    const available = await untilAborted(catalogueColumns(resolved), signal, () => {});
    const { columns, cursor } = pickColumns(table, available, read);
    const from = cursorFrom(read);

    const select = columns.map((column) => selectExpression(column)).join(', ');
    let sql = `select ${select} from ${quotePgIdentifier(resolved.schema)}.${quotePgIdentifier(resolved.name)}`;
    const values: string[] = [];
    if (cursor) {
      const quoted = quotePgIdentifier(cursor.name);
      if (from !== null) {
        values.push(cursorParameter(cursor.type, from));
        sql += ` where ${quoted} >= $1`;
      }
      sql += ` order by ${quoted}`;
    }
    const converters = columns.map((column) => converterFor(column.type));

    // close() ends reads in progress through this controller, as the caller's signal would.
    const stop = new AbortController();
    reads.add(stop);
    const stopped = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
    let client: pg.Client | null = null;
    try {
      // A long read must not be cut by a statement timeout; the signal bounds it instead.
      const opening = open(0);
      client = await untilAborted(
        opening,
        stopped,
        () => void opening.then((late) => late.end()).catch(() => {}),
      );
      const reader = client;
      const pid = (await reader.query<{ pid: string }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      const rows = reader.query(new Cursor<string[]>(sql, values, { rowMode: 'array', types: RAW_TEXT }));
      const halt = () => {
        // Ending the client destroys its socket, but a backend still sorting or scanning notices only
        // when it next writes; terminating it from the catalogue connection stops the work at once.
        void reader.end().catch(() => {});
        if (pid) terminate(pid);
      };
      for (;;) {
        const batch = await untilAborted(rows.read(batchSize), stopped, halt);
        if (batch.length > 0) yield batch.map((row) => row.map((raw, i) => converters[i]!(raw)));
        if (batch.length < batchSize) break;
        stopped.throwIfAborted();
      }
      // Commits the cursor's implicit transaction before the connection is closed.
      await rows.close();
    } catch (error) {
      if (stopped.aborted) throw abortReason(signal?.aborted ? signal : stop.signal);
      throw fail(error);
    } finally {
      reads.delete(stop);
      await client?.end().catch(() => {});
    }
  }

  return {
    async testConnection() {
      const client = await metadataClient();
      try {
        await client.query('select 1');
      } catch (error) {
        metadata = null;
        await client.end().catch(() => {});
        throw fail(error);
      }
    },

    async listTables(): Promise<SourceTable[]> {
      const rows = await query(LIST_TABLES, [config.schema ?? null]);
      return rows.map((row) => ({
        name: String(row.name),
        estimatedRows: row.estimated_rows === null ? null : Number(row.estimated_rows),
      }));
    },

    async readSchema(table: string): Promise<SourceColumn[]> {
      const columns = await catalogueColumns(await resolveTable(table));
      return columns.map(({ name, type, isKey }) => ({ name, type, isKey }));
    },

    readRows,

    async close() {
      closed = true;
      for (const read of reads) read.abort(new ConnectorError('The connection was closed'));
      await Promise.all(terminations);
      const pending = metadata;
      metadata = null;
      if (pending) await pending.then((client) => client.end()).catch(() => {});
    },
  };
}

function selectExpression(column: CatalogueColumn): string {
  const quoted = quotePgIdentifier(column.name);
  // money's text depends on lc_monetary ("$1,234.50"); as numeric it is a plain decimal.
  return column.sourceType === 'money' ? `${quoted}::numeric` : quoted;
}

/** Connected by address, the certificate is still checked against (and SNI names) the host the user gave. */
function sslOptions(
  tls: DatabaseConnectionConfig['tls'],
  servername: string | undefined,
): pg.ClientConfig['ssl'] {
  if (tls === 'disable') return false;
  return { rejectUnauthorized: tls === 'verify-full', ...(servername ? { servername } : {}) };
}

function isConnectTimeout(error: unknown): boolean {
  // pg words it by the phase it was in: before the socket opened, or during the login exchange.
  return (
    error instanceof Error &&
    (error.message === 'timeout expired' ||
      error.message === 'Connection terminated due to connection timeout')
  );
}

/** An error the server sent (the connection is still usable), as opposed to a broken connection. */
function isServerError(error: unknown): boolean {
  return error instanceof pg.DatabaseError;
}
