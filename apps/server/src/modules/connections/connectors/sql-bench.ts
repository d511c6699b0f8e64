/**
 * Reads a generated orders table through both SQL connectors and prints throughput and memory, to show
 * reads stream (memory stays flat whatever the row count). Creates and drops its own databases.
 *
 *   npx tsx apps/server/src/modules/connections/connectors/sql-bench.ts [rows=1000000] [batch=5000]
 *
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) and BENCH_MYSQL_URL
 * (default mysql://root@127.0.0.1:3306) name the servers; their users must be able to create databases.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { createMysqlConnector } from './mysql';
import { createPostgresConnector } from './postgres';
import type { DatabaseConnectionConfig } from './sql-common';
import type { Connector, SourceColumn } from './types';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const BATCH = Number(process.argv[3] ?? 5_000);
const PG_URL = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const MYSQL_URL = new URL(process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306');
const NAME = `tm_bench_${randomBytes(4).toString('hex')}`;

async function measure(label: string, connector: Connector, table: string): Promise<void> {
  const columns: SourceColumn[] = await connector.readSchema(table);
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let rows = 0;
  let firstBatchMs = 0;
  const started = performance.now();
  for await (const batch of connector.readRows(table, { columns, cursorColumn: 'id', batchSize: BATCH })) {
    if (rows === 0) firstBatchMs = performance.now() - started;
    rows += batch.length;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(10)} ${rows} rows in ${seconds.toFixed(2)} s = ${Math.round(rows / seconds)} rows/s; ` +
      `first batch after ${firstBatchMs.toFixed(0)} ms; RSS ${mb(baseline)} → peak ${mb(peak)} MB`,
  );
  await connector.close();
}

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);

async function postgres(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL.toString() });
  await admin.connect();
  await admin.query(`create database ${NAME}`);
  const url = new URL(PG_URL);
  url.pathname = `/${NAME}`;
  const setup = new pg.Client({ connectionString: url.toString() });
  try {
    await setup.connect();
    await setup.query(`
      create table orders (id bigint primary key, created_at timestamptz, amount numeric(12, 2), status text, paid boolean);
      insert into orders
        select i, timestamptz '2024-01-01' + i * interval '1 second', (i % 100000) / 100.0,
          (array['open', 'paid', 'refunded'])[i % 3 + 1], i % 2 = 0
        from generate_series(1, ${ROWS}) i;
      analyze orders;`);
    await setup.end();
    const config: DatabaseConnectionConfig = {
      host: url.hostname,
      port: Number(url.port || 5432),
      database: NAME,
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      tls: 'disable',
    };
    await measure('PostgreSQL', createPostgresConnector(config), 'public.orders');
  } finally {
    await admin.query(`drop database if exists ${NAME} with (force)`);
    await admin.end();
  }
}

async function mariadb(): Promise<void> {
  const options = {
    host: MYSQL_URL.hostname,
    port: Number(MYSQL_URL.port || 3306),
    user: decodeURIComponent(MYSQL_URL.username),
    password: decodeURIComponent(MYSQL_URL.password),
  };
  const admin = await mysql.createConnection({ ...options, multipleStatements: true });
  try {
    await admin.query(`create database ${NAME}; use ${NAME};
      create table orders (id bigint primary key, created_at timestamp null, amount decimal(12, 2), status text, paid tinyint(1));
      set time_zone = '+00:00';`);
    // Batches of generated rows: a single INSERT … SELECT over a digits cross join works on MySQL and MariaDB alike.
    for (let start = 1; start <= ROWS; start += 50_000) {
      const count = Math.min(50_000, ROWS - start + 1);
      const values: string[] = [];
      for (let i = start; i < start + count; i += 1) {
        const at = new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString().slice(0, 19).replace('T', ' ');
        values.push(
          `(${i}, '${at}', ${(i % 100000) / 100}, '${['open', 'paid', 'refunded'][i % 3]}', ${i % 2})`,
        );
      }
      await admin.query(`insert into orders values ${values.join(',')}`);
    }
    await admin.query('analyze table orders');
    const config: DatabaseConnectionConfig = { ...options, database: NAME, tls: 'disable' };
    await measure('MariaDB', createMysqlConnector(config), 'orders');
  } finally {
    await admin.query(`drop database if exists ${NAME}`);
    await admin.end();
  }
}

console.log(`${ROWS} rows, batches of ${BATCH}, Node ${process.version}`);
await postgres();
await mariadb();
