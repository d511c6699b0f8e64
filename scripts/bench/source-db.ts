import { lookup } from 'node:dns/promises';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ordersCsvChunks } from '@tidemark/sample-data';
import type { DatabaseCredentials } from '@tidemark/contract';

/**
 * A merchant's own PostgreSQL, played by a throwaway `tm_bench_*` database on the machine's server: the
 * orders table with its primary key, loaded from the benchmark's CSV file.
 */

export const SOURCE_TABLE = 'public.orders';

const ORDERS_TABLE = `create table orders (
  order_id bigint primary key,
  created_at timestamptz not null,
  customer_id bigint,
  channel text,
  country text,
  device text,
  product_category text,
  status text,
  items integer,
  revenue numeric(12, 2),
  discount numeric(12, 2),
  refund_amount numeric(12, 2)
)`;

const COLUMNS =
  'order_id, created_at, customer_id, channel, country, device, product_category, status, items, revenue, discount, refund_amount';

export function sourceDbName(now = new Date(), pid = process.pid): string {
  return `tm_bench_${now.toISOString().slice(0, 10).replaceAll('-', '')}_${pid}`;
}

/** The same server and user as `adminUrl`, another database. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** What the product's credentials form is given for the source: the URL's host, port, user and password. */
export function credentialsFor(adminUrl: string, database: string): DatabaseCredentials {
  const url = new URL(adminUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    database,
    user: decodeURIComponent(url.username || 'postgres'),
    password: decodeURIComponent(url.password),
    tls: 'disable',
  };
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'tidemark-bench' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => {
  if (!/^tm_bench_[a-z0-9_]+$/.test(name)) throw new Error(`not a benchmark database: ${name}`);
  return `"${name}"`;
};

/**
 * The product's env that lets it reach the source database: a deployment reaches no private address unless
 * told (SOURCE_ALLOWED_NETWORKS), and the bench's source runs on this machine.
 */
export async function sourceNetworkEnv(adminUrl: string): Promise<{ SOURCE_ALLOWED_NETWORKS: string }> {
  return { SOURCE_ALLOWED_NETWORKS: (await lookup(new URL(adminUrl).hostname)).address };
}

export async function createSourceDb(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (c) => c.query(`create database ${quote(name)}`));
}

/** Drops the source database even while the product's connector is still connected to it. */
export async function dropSourceDb(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (c) => c.query(`drop database if exists ${quote(name)} with (force)`));
}

/** Creates the orders table and COPYs the CSV file into it; returns the rows loaded. */
export async function loadOrders(url: string, file: string): Promise<number> {
  return withClient(url, async (c) => {
    await c.query(ORDERS_TABLE);
    await pipeline(
      createReadStream(file, { highWaterMark: 1 << 20 }),
      c.query(copyFrom(`copy orders (${COLUMNS}) from stdin (format csv, header true)`)),
    );
    // A store's orders table is indexed on its creation time; the connector's incremental reads use it.
    await c.query('create index orders_created_at on orders (created_at)');
    await c.query('analyze orders');
    const { rows } = await c.query<{ n: string }>('select count(*)::text as n from orders');
    return Number(rows[0]!.n);
  });
}

export interface NewDay {
  /** Start of the day in the workspace's time zone. */
  start: Date;
  end: Date;
  rows: number;
  /** The day's revenue, summed by the source database. */
  revenue: number;
}

/**
 * Appends one whole new day of orders after the last one (in the workspace's time zone), with new order ids,
 * as a store's next day of trading would arrive.
 */
export async function appendDay(
  url: string,
  input: { seed: number; timezone: string; ordersPerDay?: number },
): Promise<NewDay> {
  return withClient(url, async (c) => {
    const { rows: bounds } = await c.query<{ start: Date; end: Date; offset: string }>(
      `select (date_trunc('day', max(created_at) at time zone $1) + interval '1 day') at time zone $1 as start,
         (date_trunc('day', max(created_at) at time zone $1) + interval '2 days') at time zone $1 as end,
         (max(order_id) - 100000)::text as offset
       from orders`,
      [input.timezone],
    );
    const { start, end, offset } = bounds[0]!;
    const perDay = input.ordersPerDay ?? 10_000;
    await c.query('begin');
    await c.query('create temp table new_orders (like orders) on commit drop');
    // A little more than a day's orders at the generator's rate; those past midnight are left out.
    const chunks = ordersCsvChunks({
      rows: Math.ceil(perDay * 1.1),
      seed: input.seed + 1_000,
      start,
      ordersPerDay: perDay,
    });
    await pipeline(
      Readable.from(chunks),
      c.query(copyFrom(`copy new_orders (${COLUMNS}) from stdin (format csv, header true)`)),
    );
    const { rows } = await c.query<{ n: string; revenue: string }>(
      `with added as (
         insert into orders (${COLUMNS})
         select order_id + $1::bigint, ${COLUMNS.replace('order_id, ', '')} from new_orders
         where created_at >= $2 and created_at < $3
         returning revenue
       )
       select count(*)::text as n, coalesce(sum(revenue), 0)::text as revenue from added`,
      [offset, start, end],
    );
    await c.query('commit');
    return { start, end, rows: Number(rows[0]!.n), revenue: Number(rows[0]!.revenue) };
  });
}
