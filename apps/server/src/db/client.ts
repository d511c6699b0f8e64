import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: everything it wrote lands, or nothing does. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

// Ids are bigint in SQL; JavaScript numbers hold them exactly far past any realistic count.
const INT8_OID = 20;
const NUMERIC_OID = 1700;

export interface DbOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate themselves in one). */
  schema?: string;
  poolSize?: number;
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(options.dataDir ?? 'memory://');
}

async function openPglite(dataDir: string): Promise<Db> {
  const inMemory = dataDir.startsWith('memory://');
  let releaseLock = () => {};
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = lockDataDir(dataDir);
  }
  const client = await PGlite.create({
    dataDir,
    parsers: { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) },
  });
  // PGlite is one connection: it queues queries itself and holds others back while a transaction runs.
  return {
    kind: 'pglite',
    query: async <T extends object>(sql: string, params?: unknown[]) =>
      (await client.query<T>(sql, params)).rows,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      client.transaction(async (tx) =>
        fn({ query: async <R extends object>(s: string, p?: unknown[]) => (await tx.query<R>(s, p)).rows }),
      ),
    exec: async (sql) => void (await client.exec(sql)),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * The embedded database is one process's: a second one (a CLI while the server runs) would corrupt it.
 * A lock file names the owner; a lock left by a process that is gone is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'tidemark.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(file, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `Another Tidemark process (pid ${owner}) is using ${dataDir}. Stop it first, or use a PostgreSQL server through DATABASE_URL.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPostgres(url: string, options: DbOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (v: string) => Number(v)
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  const db: Db = {
    kind: 'postgres',
    query: async <T extends object>(sql: string, params?: unknown[]) =>
      (await pool.query<T>(sql, params as unknown[])).rows,
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <R extends object>(s: string, p?: unknown[]) =>
            (await client.query<R>(s, p as unknown[])).rows,
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => void (await pool.query(sql)),
    close: () => pool.end(),
  };
  return db;
}
