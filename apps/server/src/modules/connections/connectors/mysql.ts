import { connect as netConnect, type Socket } from 'node:net';
import mysql from 'mysql2';
import type { Connection, QueryError, RowDataPacket, TypeCast } from 'mysql2';
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
import type { CheckedTarget } from '../../../net';
import {
  ConnectorError,
  type CellValue,
  type ColumnType,
  type Connector,
  type ReadRowsOptions,
  type SourceColumn,
  type SourceTable,
} from './types';

const SYSTEM_SCHEMAS = `('mysql', 'sys', 'performance_schema', 'information_schema')`;

const LIST_TABLES = `
  select table_name as name, table_type as kind, table_rows as estimated_rows
  from information_schema.tables
  where table_schema = database() and table_schema not in ${SYSTEM_SCHEMAS}
    and table_type in ('BASE TABLE', 'VIEW', 'SYSTEM VERSIONED')
  order by table_name`;

const FIND_TABLE = `
  select table_name as name
  from information_schema.tables
  where table_schema = database() and table_schema not in ${SYSTEM_SCHEMAS}
    and table_type in ('BASE TABLE', 'VIEW', 'SYSTEM VERSIONED')
    and table_name = ?`;

const TABLE_COLUMNS = `
  select column_name as name, data_type as data_type, column_type as column_type, column_key as column_key
  from information_schema.columns
  where table_schema = database() and table_name = ?
  order by ordinal_position`;

export type { DatabaseConnectionConfig, SqlConnectorOptions } from './sql-common';

const TYPES: Record<string, ColumnType> = {
  tinyint: 'integer',
  smallint: 'integer',
  mediumint: 'integer',
  int: 'integer',
  integer: 'integer',
  bigint: 'integer',
  year: 'integer',
  decimal: 'decimal',
  numeric: 'decimal',
  float: 'decimal',
  double: 'decimal',
  real: 'decimal',
  bool: 'boolean',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamp',
  // TIMESTAMP is stored in UTC and shown in the session's zone, so it is an instant.
  timestamp: 'timestamptz',
};

const BINARY_TYPES = new Set(['binary', 'varbinary', 'tinyblob', 'blob', 'mediumblob', 'longblob']);
const GEOMETRY_TYPES = new Set([
  'geometry',
  'point',
  'linestring',
  'polygon',
  'multipoint',
  'multilinestring',
  'multipolygon',
  'geometrycollection',
  'geomcollection',
]);

/**
 * The warehouse type of a MySQL/MariaDB column from information_schema (`data_type`, `column_type`).
 * tinyint(1) and bit(1) are how MySQL spells a boolean.
 */
export function mysqlColumnType(dataType: string, columnType: string): ColumnType {
  const data = dataType.toLowerCase();
  const full = columnType.toLowerCase();
  if (
    (data === 'tinyint' && full.startsWith('tinyint(1)')) ||
    (data === 'bit' && full.startsWith('bit(1)'))
  ) {
    return 'boolean';
  }
  if (data === 'bit') return 'integer';
  return TYPES[data] ?? 'text';
}

/** ``a``b``: a backtick-quoted MySQL identifier escapes only the backtick. */
export function quoteMysqlIdentifier(name: string): string {
  return `\`${name.replaceAll('`', '``')}\``;
}

// The session's text encoding is utf8mb4 and binary columns are selected as hex, so every cell decodes as
// UTF-8 text (a JSON column carries the binary charset in MySQL 8 but its bytes are UTF-8).
const RAW_TEXT: TypeCast = (field) => field.string('utf8');

export function createMysqlConnector(
  config: DatabaseConnectionConfig,
  options: SqlConnectorOptions = {},
): Connector {
  const { connectTimeoutMs, metadataTimeoutMs } = timeoutsOf(options);
  // Both servers take these limits in whole seconds.
  const metadataSeconds = Math.max(1, Math.ceil(metadataTimeoutMs / 1000));
  const target = targetOnce(config, options.guard);
  let metadata: Promise<Connection> | null = null;
  const reads = new Set<AbortController>();
  const kills = new Set<Promise<unknown>>();
  let closed = false;

  const fail = (error: unknown): ConnectorError => toConnectorError(error, config.password);

  async function open(forMetadata: boolean): Promise<Connection> {
    if (closed) throw new ConnectorError('The connection was closed');
    const checked = await target().catch((error: unknown) => {
      throw connectFailed(error, config);
    });
    const verify = config.tls === 'verify-full';
    const connection = mysql.createConnection({
      // mysql2 names the TLS server (SNI, certificate) after `host`; the socket goes to the checked address.
      host: checked ? (checked.servername ?? checked.address) : config.host,
      ...(checked ? { stream: () => socketTo(checked, config.port) } : {}),
      port: config.port,
      database: config.database,
      user: config.user,
      password: config.password,
      ...(config.tls === 'disable' ? {} : { ssl: { rejectUnauthorized: verify, verifyIdentity: verify } }),
      connectTimeout: connectTimeoutMs,
      enableKeepAlive: true,
      charset: 'utf8mb4',
      supportBigNumbers: true,
      bigNumberStrings: true,
      decimalNumbers: false,
      dateStrings: true,
      jsonStrings: true,
      multipleStatements: false,
    });
    // A server that goes away between queries emits 'error' on an idle connection; the next query reports it.
    connection.on('error', () => {});
    try {
      await new Promise<void>((resolve, reject) =>
        connection.connect((error) => (error ? reject(error) : resolve())),
      );
      const session = connection.promise();
      const [versionRows] = await session.query<RowDataPacket[]>('select @@version as version');
      const mariadb = String(versionRows[0]?.version ?? '').includes('MariaDB');
      await session.query(`set time_zone = '+00:00'`);
      await session.query(`set session transaction read only`);
      await session.query(`set lock_wait_timeout = ${metadataSeconds}`);
      if (forMetadata) {
        // MariaDB and MySQL name their statement time limits differently (seconds and milliseconds).
        await session.query(
          mariadb
            ? `set max_statement_time = ${metadataSeconds}`
            : `set max_execution_time = ${metadataSeconds * 1000}`,
        );
      }
      return connection;
    } catch (error) {
      connection.destroy();
      if ((error as QueryError).code === 'ETIMEDOUT')
        throw connectTimedOut(config, connectTimeoutMs, error, checked);
      throw connectFailed(error, config, checked);
    }
  }

  async function metadataConnection(): Promise<Connection> {
    if (!metadata) {
      metadata = open(true);
      metadata.catch(() => {
        metadata = null;
      });
    }
    return metadata;
  }

  async function query(sql: string, values: unknown[]): Promise<RowDataPacket[]> {
    const connection = await metadataConnection();
    try {
      const [rows] = await connection.promise().query<RowDataPacket[]>(sql, values);
      return rows;
    } catch (error) {
      if ((error as QueryError).fatal === true) {
        metadata = null;
        connection.destroy();
      }
      throw fail(error);
    }
  }

  async function resolveTable(table: string): Promise<string> {
    const rows = await query(FIND_TABLE, [table]);
    // information_schema compares names by the server's collation; only an exact spelling is accepted.
    const exact = rows.find((row) => String(row.name) === table);
    if (!exact) throw new ConnectorError(`Table "${table}" was not found`);
    return String(exact.name);
  }

  async function catalogueColumns(table: string): Promise<CatalogueColumn[]> {
    const rows = await query(TABLE_COLUMNS, [table]);
    return rows.map((row) => {
      const dataType = String(row.data_type).toLowerCase();
      return {
        name: String(row.name),
        type: mysqlColumnType(dataType, String(row.column_type)),
        isKey: row.column_key === 'PRI',
        sourceType: dataType,
      };
    });
  }

  /** Stops a read's statement on the server (a socket closed mid-sort is noticed only when it next writes). */
  function kill(threadId: number): void {
    if (!metadata) return;
    const done = metadata
      .then((connection) => connection.promise().query(`kill query ${Number(threadId)}`))
      .catch(() => {})
      .finally(() => kills.delete(done));
    kills.add(done);
  }

  async function* readRows(table: string, read: ReadRowsOptions): AsyncGenerator<CellValue[][]> {
    const { signal } = read;
    signal?.throwIfAborted();
    const batchSize = batchSizeOf(read);
    const name = await untilAborted(resolveTable(table), signal, () => {});
    const available = await untilAborted(catalogueColumns(name), signal, () => {});
    const { columns, cursor } = pickColumns(table, available, read);
    const from = cursorFrom(read);

    let sql = `select ${columns.map(selectExpression).join(', ')} from ${quoteMysqlIdentifier(name)}`;
    const values: string[] = [];
    if (cursor) {
      const quoted = quoteMysqlIdentifier(cursor.name);
      if (from !== null) {
        values.push(cursorParameter(cursor.type, from));
        sql += ` where ${quoted} >= ${cursorPlaceholder(cursor)}`;
      }
      sql += ` order by ${quoted}`;
    }
    const converters = columns.map((column) => converterFor(column.type));

    const stop = new AbortController();
    reads.add(stop);
    const stopped = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
    let connection: Connection | null = null;
    try {
      const opening = open(false);
      connection = await untilAborted(
        opening,
        stopped,
        () => void opening.then((late) => late.destroy()).catch(() => {}),
      );
      const reader = connection;
      const pending: CellValue[][] = [];
      let ended = false;
      let failure: unknown = null;
      let wake: (() => void) | null = null;
      const notify = () => {
        wake?.();
        wake = null;
      };
      // Rows arrive as the socket is read; pausing the connection stops reading it, so the server waits.
      const statement = reader.query({ sql, values, rowsAsArray: true, typeCast: RAW_TEXT });
      statement.on('result', (row: (string | null)[]) => {
        pending.push(row.map((raw, i) => converters[i]!(raw)));
        if (pending.length >= batchSize) {
          reader.pause();
          notify();
        }
      });
      statement.on('error', (error: unknown) => {
        failure = error;
        notify();
      });
      statement.on('end', () => {
        ended = true;
        notify();
      });
      // A connection the server kills mid-read reports it on the connection, never on the statement.
      reader.on('error', (error: unknown) => {
        failure ??= error;
        notify();
      });
      reader.on('end', () => {
        if (!ended) failure ??= new Error('The connection to the database closed during the read');
        notify();
      });
      const halt = () => {
        kill(reader.threadId);
        reader.destroy();
      };
      for (;;) {
        // A failed read yields nothing more: its rows would end at an arbitrary point.
        if (failure) throw failure;
        if (pending.length >= batchSize || (ended && pending.length > 0)) {
          yield pending.splice(0, batchSize);
          stopped.throwIfAborted();
          if (pending.length < batchSize) reader.resume();
          continue;
        }
        if (ended) break;
        await untilAborted(
          new Promise<void>((resolve) => {
            wake = resolve;
          }),
          stopped,
          halt,
        );
      }
    } catch (error) {
      if (stopped.aborted) throw abortReason(signal?.aborted ? signal : stop.signal);
      throw fail(error);
    } finally {
      reads.delete(stop);
      connection?.destroy();
    }
  }

  return {
    async testConnection() {
      await query('select 1', []);
    },

    async listTables(): Promise<SourceTable[]> {
      const rows = await query(LIST_TABLES, []);
      return rows.map((row) => ({
        name: String(row.name),
        estimatedRows: row.kind === 'VIEW' || row.estimated_rows === null ? null : Number(row.estimated_rows),
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
      await Promise.all(kills);
      const pending = metadata;
      metadata = null;
      if (pending) {
        await pending.then((connection) => connection.promise().end()).catch(() => {});
      }
    },
  };
}

/** The socket mysql2 would open, but to the address the guard checked. */
function socketTo(target: CheckedTarget, port: number): Socket {
  const socket = netConnect({ host: target.address, port, family: target.family });
  socket.setNoDelay(true);
  socket.once('connect', () => socket.setKeepAlive(true));
  return socket;
}

function selectExpression(column: CatalogueColumn): string {
  const quoted = quoteMysqlIdentifier(column.name);
  if (column.sourceType === 'bit') return `cast(${quoted} as unsigned)`;
  // char(92) is the backslash, spelled so that no sql_mode changes it: binary reads as PostgreSQL's `\x00ff`.
  if (BINARY_TYPES.has(column.sourceType)) return `concat(char(92), 'x', lower(hex(${quoted})))`;
  if (GEOMETRY_TYPES.has(column.sourceType)) return `st_astext(${quoted})`;
  return quoted;
}

/** Numbers are compared as exact decimals: MySQL compares an integer column with a string as doubles. */
function cursorPlaceholder(cursor: CatalogueColumn): string {
  return cursor.type === 'integer' || cursor.type === 'decimal' ? 'cast(? as decimal(65, 30))' : '?';
}
