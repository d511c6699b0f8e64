import mysql from 'mysql2/promise';
import type { Connection, TypeCastField } from 'mysql2';
import {
  ConnectorError,
  type CellValue,
  type ColumnType,
  type Connector,
  type ReadRowsOptions,
  type SourceTable,
} from './types';
import { abortError, readableReason, type DatabaseConnectionConfig } from './database';

const SYSTEM_SCHEMAS = ['mysql', 'sys', 'performance_schema', 'information_schema'];

function columnType(dataType: string, columnTypeText: string): ColumnType {
  const t = dataType.toLowerCase();
  if (columnTypeText.toLowerCase() === 'tinyint(1)' || t === 'bool' || t === 'boolean') return 'boolean';
  // Unsigned 64-bit values can pass PostgreSQL's bigint: keep them as numbers of any size.
  if (t === 'bigint' && /unsigned/i.test(columnTypeText)) return 'decimal';
  if (['tinyint', 'smallint', 'mediumint', 'int', 'integer', 'bigint', 'year'].includes(t)) return 'integer';
  if (['decimal', 'numeric', 'float', 'double', 'real'].includes(t)) return 'decimal';
  if (t === 'date') return 'date';
  if (t === 'datetime') return 'timestamp';
  // TIMESTAMP is stored in UTC; the session reads it in UTC (see connect).
  if (t === 'timestamp') return 'timestamptz';
  return 'text';
}

const ident = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** Booleans from tinyint(1); everything else as the driver's strings or numbers. */
function typeCast(field: TypeCastField, next: () => unknown): unknown {
  if (field.type === 'TINY' && field.length === 1) {
    const value = field.string();
    return value === null ? null : value === '1';
  }
  return next();
}

export function createMysqlConnector(config: DatabaseConnectionConfig): Connector {
  let connection: mysql.Connection | null = null;
  let tablesCache: SourceTable[] | null = null;

  async function connect(): Promise<mysql.Connection> {
    if (connection) return connection;
    try {
      const next = await mysql.createConnection({
        host: config.host,
        port: config.port,
        database: config.database,
        user: config.user,
        password: config.password,
        connectTimeout: 10_000,
        ...(config.tls === 'disable' ? {} : { ssl: { rejectUnauthorized: config.tls === 'verify-full' } }),
        supportBigNumbers: true,
        bigNumberStrings: true,
        decimalNumbers: false,
        dateStrings: true,
        typeCast,
      });
      next.on('error', () => undefined);
      await next.query(`set time_zone = '+00:00'`);
      connection = next;
      return next;
    } catch (error) {
      throw new ConnectorError(readableReason(error, config.password), { cause: error });
    }
  }

  async function run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const c = await connect();
    try {
      const [rows] = await c.query(sql, params);
      return rows as T[];
    } catch (error) {
      throw new ConnectorError(readableReason(error, config.password), { cause: error });
    }
  }

  async function resolve(table: string): Promise<string> {
    tablesCache ??= await connector.listTables();
    if (!tablesCache.some((t) => t.name === table))
      throw new ConnectorError(`Table "${table}" was not found`);
    return table;
  }

  const connector: Connector = {
    async testConnection() {
      await run('select 1');
    },

    async listTables() {
      const rows = await run<{ name: string; estimate: number | string | null }>(
        `select table_name as name, table_rows as estimate from information_schema.tables
         where table_schema = database() and table_type in ('BASE TABLE', 'VIEW')
           and table_schema not in (?) order by table_name`,
        [SYSTEM_SCHEMAS],
      );
      tablesCache = rows.map((r) => ({
        name: r.name,
        estimatedRows: r.estimate === null ? null : Number(r.estimate),
      }));
      return tablesCache;
    },

    async readSchema(table) {
      const name = await resolve(table);
      const rows = await run<{ name: string; data_type: string; column_type: string; column_key: string }>(
        `select column_name as name, data_type, column_type, column_key from information_schema.columns
         where table_schema = database() and table_name = ? order by ordinal_position`,
        [name],
      );
      return rows.map((r) => ({
        name: r.name,
        type: columnType(r.data_type, r.column_type),
        ...(r.column_key === 'PRI' ? { isKey: true } : {}),
      }));
    },

    async *readRows(table, options: ReadRowsOptions) {
      const name = await resolve(table);
      options.signal?.throwIfAborted();
      const schema = await connector.readSchema(table);
      const known = new Set(schema.map((c) => c.name));
      for (const col of [
        ...options.columns.map((c) => c.name),
        ...(options.cursorColumn ? [options.cursorColumn] : []),
      ]) {
        if (!known.has(col)) throw new ConnectorError(`Column "${col}" was not found in ${table}`);
      }
      const from = options.cursorColumn && options.from !== undefined && options.from !== null;
      const sql = `select ${options.columns.map((c) => ident(c.name)).join(', ')} from ${ident(name)}${
        from ? ` where ${ident(options.cursorColumn!)} >= ?` : ''
      }${options.cursorColumn ? ` order by ${ident(options.cursorColumn)}` : ''}`;
      const c = await connect();
      // The promise wrapper has no streaming: use the underlying connection's row stream.
      const core = (c as unknown as { connection: Connection }).connection;
      const stream = core
        .query({ sql, values: from ? [options.from] : [], rowsAsArray: true })
        .stream({ highWaterMark: 1000 });
      const onAbort = () => stream.destroy(abortError(options.signal));
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const timeColumns = options.columns.map((col) => col.type === 'timestamptz');
      const batchSize = options.batchSize ?? 5000;
      let batch: CellValue[][] = [];
      try {
        for await (const row of stream as AsyncIterable<CellValue[]>) {
          // TIMESTAMP values were read in UTC as strings; they are instants.
          batch.push(
            row.map((v, i) =>
              timeColumns[i] && typeof v === 'string' ? new Date(`${v.replace(' ', 'T')}Z`) : v,
            ),
          );
          if (batch.length >= batchSize) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length) yield batch;
      } catch (error) {
        if (options.signal?.aborted) {
          c.destroy();
          connection = null;
          throw abortError(options.signal);
        }
        throw new ConnectorError(readableReason(error, config.password), { cause: error });
      } finally {
        options.signal?.removeEventListener('abort', onAbort);
      }
    },

    async close() {
      const c = connection;
      connection = null;
      tablesCache = null;
      await c?.end().catch(() => c.destroy());
    },
  };
  return connector;
}
