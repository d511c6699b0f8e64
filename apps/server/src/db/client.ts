import { createHash } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded';

export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  /** The embedded server under DATA_DIR, or a PostgreSQL server named by DATABASE_URL. */
  readonly kind: 'embedded' | 'postgres';
  /** postgres:// URL of the database, for clients that open their own connections (the job queue). */
  readonly connectionString: string;
  /** The schema everything lives in (tests isolate themselves in one); null for the server's default. */
  readonly schema: string | null;
  /** Runs fn in one transaction: everything it wrote lands, or nothing does. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs fn on one connection of its own (COPY streams, cursors, session settings). */
  withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

// Ids are bigint in SQL; JavaScript numbers hold them exactly far past any realistic count.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const INT8_ARRAY_OID = 1016;
const FLOAT8_ARRAY_OID = 1022;
const genericArray = (oid: number) =>
  pg.types.getTypeParser(oid as Parameters<typeof pg.types.getTypeParser>[0]) as (v: string) => unknown[];
const parseInt8Array = genericArray(INT8_ARRAY_OID);
const parseFloat8Array = genericArray(FLOAT8_ARRAY_OID);

/**
 * A flat float8[] or int8[] in text form ('{1.5,NULL,NaN}'), as numbers. node-postgres' generic array
 * parser reads a character at a time: 7–8 ms for one hourly series' 9,500 values, and a pipeline run reads
 * hundreds of them. A split does the same in a sixth of the time. Anything else (nested arrays, explicit
 * bounds, quoted elements) goes to the generic parser.
 */
export function parseNumberArray(text: string, generic: (v: string) => unknown[]): unknown[] {
  if (text.charCodeAt(0) !== 123 || text.indexOf('{', 1) !== -1 || text.indexOf('"') !== -1)
    return generic(text).map((x) => (x === null || Array.isArray(x) ? x : Number(x)));
  if (text.length === 2) return [];
  const parts = text.slice(1, -1).split(',');
  const out = new Array<number | null>(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const x = parts[i]!;
    out[i] = x === 'NULL' ? null : Number(x);
  }
  return out;
}

/**
 * A float8[] parameter as its text literal. node-postgres quotes and escapes each element of an array with
 * two regular expressions; an hourly fit writes three arrays of 9,500 numbers per series.
 */
export function float8ArrayParam(values: ReadonlyArray<number | null> | null | undefined): string | null {
  if (!values) return null;
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    out += v === null || v === undefined ? 'NULL' : String(v);
  }
  return out + '}';
}

/**
 * SQL for a timestamptz[] expression as epoch milliseconds (float8[]): a series' bucket times read this way
 * are numbers at once, where timestamps would be parsed into thousands of Dates.
 */
export function epochMsArray(timestamps: string): string {
  return `array(select extract(epoch from t) * 1000 from unnest(${timestamps}) t)::float8[]`;
}

/**
 * A lateral subquery holding an array column fetched once. An array stored out of line (TOAST) has its
 * chunks fetched again for every mention in a statement: searching, measuring and slicing an hourly ts
 * array fetched it four times. `|| '{}'` makes an in-memory copy, and `offset 0` keeps the planner from
 * folding the subquery back into each mention. Use: `cross join ${arrayOnce(…)} d`, then `d.<name>`.
 */
export function arrayOnce(column: string, arrayType: string, name: string): string {
  return `lateral (select ${column} || '{}'::${arrayType} as ${name} offset 0)`;
}

export interface DbOptions {
  /** postgres://… of a PostgreSQL server; without it the embedded server under dataDir is started. */
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  schema?: string;
  poolSize?: number;
  log?: (message: string) => void;
}

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, 'postgres', options);
  if (!options.dataDir) throw new Error('openDb needs DATABASE_URL or a data directory');
  const server = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    ...(options.log ? { log: options.log } : {}),
  });
  try {
    return await openPostgres(server.connectionString, 'embedded', options, server);
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A statement seen this often is prepared: parsed and planned once per connection, not per call. */
const PREPARE_AFTER = 3;
/** Generated analytic SQL (series, pairs) is long and varies with the data; it is never prepared. */
const PREPARE_MAX_LENGTH = 1500;
const SEEN_MAX = 5000;
const NAMES_MAX = 2000;

/**
 * The hot, fixed statements (who is asking, a page of the feed) spend much of their database time being
 * parsed and planned again on every call; naming them lets each connection keep its plan.
 */
function preparedStatements() {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  return (sql: string, params?: unknown[]): pg.QueryConfig => {
    let name = names.get(sql);
    if (!name && sql.length <= PREPARE_MAX_LENGTH && names.size < NAMES_MAX) {
      const count = (seen.get(sql) ?? 0) + 1;
      if (count >= PREPARE_AFTER) {
        name = `tm_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
        names.set(sql, name);
        seen.delete(sql);
      } else {
        if (seen.size >= SEEN_MAX) seen.clear();
        seen.set(sql, count);
      }
    }
    return name ? { name, text: sql, values: params ?? [] } : { text: sql, values: params ?? [] };
  };
}

export async function openPostgres(
  url: string,
  kind: Db['kind'],
  options: DbOptions,
  server?: EmbeddedServer,
): Promise<Db> {
  const schema = options.schema ?? null;
  const newPool = (settings: string[]) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(settings.length ? { options: settings.map((x) => `-c ${x}`).join(' ') } : {}),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID || oid === NUMERIC_OID
            ? (v: string) => Number(v)
            : oid === INT8_ARRAY_OID
              ? (v: string) => parseNumberArray(v, parseInt8Array)
              : oid === FLOAT8_ARRAY_OID
                ? (v: string) => parseNumberArray(v, parseFloat8Array)
                : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client's network error must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    return pool;
  };
  const settings = schema ? [`search_path=${schema}`] : [];
  let pool = newPool(settings);
  try {
    const [row] = (
      await pool.query<{ citus: boolean }>(
        `select exists (select 1 from pg_extension where extname = 'citus') as citus`,
      )
    ).rows;
    if (row?.citus) {
      // Citus (docs/scaling.md): a transaction that reads many shards at once and then writes a reference
      // table (a sign-up reads invitations, then writes tenants) fails unless each node uses one connection.
      await pool.end();
      pool = newPool([...settings, 'citus.multi_shard_modify_mode=sequential']);
      await pool.query('select 1');
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`Cannot reach the database: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const prepared = preparedStatements();
  const queryOn =
    (client: pg.Pool | pg.PoolClient) =>
    async <T extends object>(sql: string, params?: unknown[]): Promise<T[]> =>
      (await client.query<T>(prepared(sql, params))).rows;
  let closed = false;
  return {
    kind,
    connectionString: url,
    schema,
    query: queryOn(pool),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: queryOn(client) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    withClient: async <T>(fn: (client: pg.PoolClient) => Promise<T>) => {
      const client = await pool.connect();
      let broken = false;
      try {
        return await fn(client);
      } catch (error) {
        // A client left mid-COPY or mid-transaction must not go back to the pool.
        broken = true;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    exec: async (sql) => void (await pool.query(sql)),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
      await server?.stop();
    },
  };
}
