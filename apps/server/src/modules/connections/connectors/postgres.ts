import pg from 'pg';
import QueryStream from 'pg-query-stream';
import {
  ConnectorError,
  type CellValue,
  type ColumnType,
  type Connector,
  type ReadRowsOptions,
  type SourceColumn,
  type SourceTable,
} from './types';
import { abortError, readableReason, type DatabaseConnectionConfig } from './database';

const OID = {
  int8: 20,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  json: 114,
  jsonb: 3802,
};

/** Per-connection parsers (pg.types is process-wide): no rounding, no shifting through the server's clock. */
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    switch (oid) {
      case OID.int8:
        return (v: string) => (Number.isSafeInteger(Number(v)) ? Number(v) : v);
      case OID.numeric:
      case OID.date:
      case OID.timestamp:
      case OID.json:
      case OID.jsonb:
        return (v: string) => v;
      default:
        return pg.types.getTypeParser(oid, format ?? 'text');
    }
  }) as typeof pg.types.getTypeParser,
};

const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];

function columnType(dataType: string): ColumnType {
  if (['smallint', 'integer', 'bigint', 'oid'].includes(dataType)) return 'integer';
  if (['numeric', 'real', 'double precision', 'money'].includes(dataType)) return 'decimal';
  if (dataType === 'boolean') return 'boolean';
  if (dataType === 'date') return 'date';
  if (dataType === 'timestamp without time zone') return 'timestamp';
  if (dataType === 'timestamp with time zone') return 'timestamptz';
  return 'text';
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function createPostgresConnector(config: DatabaseConnectionConfig): Connector {
  let client: pg.Client | null = null;
  let tablesCache: SourceTable[] | null = null;

  async function connect(): Promise<pg.Client> {
    if (client) return client;
    const next = new pg.Client({
      host: config.host,
      port: config.port,
      database: config.database,
      user: config.user,
      password: config.password,
      ssl: config.tls === 'disable' ? false : { rejectUnauthorized: config.tls === 'verify-full' },
      connectionTimeoutMillis: 10_000,
      application_name: 'tidemark-sync',
      types: typeParsers,
    });
    // A broken connection must not crash the process; the next call reports it.
    next.on('error', () => undefined);
    try {
      await next.connect();
      await next.query(`set statement_timeout = '10min'`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw new ConnectorError(readableReason(error, config.password), { cause: error });
    }
    client = next;
    return next;
  }

  async function run<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    const c = await connect();
    try {
      return (await c.query<T>(sql, params)).rows;
    } catch (error) {
      throw new ConnectorError(readableReason(error, config.password), { cause: error });
    }
  }

  async function resolve(table: string): Promise<{ schema: string; name: string }> {
    tablesCache ??= await connector.listTables();
    if (!tablesCache.some((t) => t.name === table))
      throw new ConnectorError(`Table "${table}" was not found`);
    const dot = table.indexOf('.');
    return { schema: table.slice(0, dot), name: table.slice(dot + 1) };
  }

  const connector: Connector = {
    async testConnection() {
      await run('select 1');
    },

    async listTables() {
      const rows = await run<{ schema: string; name: string; estimate: number }>(
        `select n.nspname as schema, c.relname as name, c.reltuples::float8 as estimate
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'v', 'm', 'p', 'f') and not c.relispartition
           and n.nspname <> all($1::text[]) and n.nspname not like 'pg_temp%'
           and ($2::text is null or n.nspname = $2)
           and has_table_privilege(c.oid, 'select')
         order by n.nspname, c.relname`,
        [SYSTEM_SCHEMAS, config.schema ?? null],
      );
      tablesCache = rows.map((r) => ({
        name: `${r.schema}.${r.name}`,
        estimatedRows: r.estimate >= 0 ? Math.round(r.estimate) : null,
      }));
      return tablesCache;
    },

    async readSchema(table) {
      const { schema, name } = await resolve(table);
      const rows = await run<{ name: string; data_type: string; is_key: boolean }>(
        `select a.attname as name, format_type(a.atttypid, null) as data_type,
           coalesce(a.attnum = any(i.indkey), false) as is_key
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
         left join pg_index i on i.indrelid = c.oid and i.indisprimary
         where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped
         order by a.attnum`,
        [schema, name],
      );
      return rows.map((r) => ({
        name: r.name,
        type: columnType(r.data_type),
        ...(r.is_key ? { isKey: true } : {}),
      }));
    },

    async *readRows(table, options: ReadRowsOptions) {
      const { schema, name } = await resolve(table);
      options.signal?.throwIfAborted();
      const known = new Set((await connector.readSchema(table)).map((c) => c.name));
      const select = options.columns.map((col: SourceColumn) => {
        if (!known.has(col.name)) throw new ConnectorError(`Column "${col.name}" was not found in ${table}`);
        const cast = col.type === 'text' ? '::text' : col.type === 'decimal' ? '::numeric' : '';
        return `${ident(col.name)}${cast}`;
      });
      if (options.cursorColumn && !known.has(options.cursorColumn)) {
        throw new ConnectorError(`Column "${options.cursorColumn}" was not found in ${table}`);
      }
      const from = options.cursorColumn && options.from !== undefined && options.from !== null;
      const sql = `select ${select.join(', ')} from ${ident(schema)}.${ident(name)}${
        from ? ` where ${ident(options.cursorColumn!)} >= $1` : ''
      }${options.cursorColumn ? ` order by ${ident(options.cursorColumn)}` : ''}`;
      const c = await connect();
      const batchSize = options.batchSize ?? 5000;
      const stream = c.query(
        new QueryStream(sql, from ? [options.from] : [], { batchSize, rowMode: 'array' }),
      );
      const onAbort = () => stream.destroy(abortError(options.signal));
      options.signal?.addEventListener('abort', onAbort, { once: true });
      let batch: CellValue[][] = [];
      try {
        for await (const row of stream as AsyncIterable<CellValue[]>) {
          batch.push(row);
          if (batch.length >= batchSize) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length) yield batch;
      } catch (error) {
        if (options.signal?.aborted) {
          // The connection is mid-query; it cannot be reused.
          await connector.close();
          throw abortError(options.signal);
        }
        throw new ConnectorError(readableReason(error, config.password), { cause: error });
      } finally {
        options.signal?.removeEventListener('abort', onAbort);
      }
    },

    async close() {
      const c = client;
      client = null;
      tablesCache = null;
      await c?.end().catch(() => undefined);
    },
  };
  return connector;
}
