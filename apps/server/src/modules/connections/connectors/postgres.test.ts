import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFailureText, type ConnectFailureCause } from '@tidemark/contract';
import { testDatabaseUrl } from '../../../testing/build-test-app';
import { quotePgIdentifier } from '../../../db/identifiers';
import { createPostgresConnector } from './postgres';
import type { DatabaseConnectionConfig } from './sql-common';
import { ConnectorError, type CellValue, type Connector, type SourceColumn } from './types';

const suffix = randomBytes(5).toString('hex');
const DATABASE = `tm_pgconn_${suffix}`;
const ROLE = `tm_pgconn_${suffix}`;
const PASSWORD = `Pw-${randomBytes(9).toString('hex')}`;
const ODD = 'odd"name';
const EVENTS = 20_000;

/** The run's server (scripts/test-database.ts) as connector settings. */
function serverAddress(): { host: string; port: number; user: string; password: string } {
  const url = new URL(testDatabaseUrl());
  return {
    host: url.searchParams.get('host') ?? url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

function adminUrl(database: string): string {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let config: DatabaseConnectionConfig;
let connector: Connector;
/** Whether the server checks passwords at all (a trust-only server cannot show a wrong-password reason). */
let checksPasswords = true;
/** Whether the server offers TLS (Citus turns it on for its nodes), so cannot show a server that lacks it. */
let offersTls = false;

async function readAll(
  table: string,
  options: {
    columns?: SourceColumn[];
    cursorColumn?: string;
    from?: string | number | null;
    batchSize?: number;
  } = {},
): Promise<{ rows: CellValue[][]; batches: number[] }> {
  const columns = options.columns ?? (await connector.readSchema(table));
  const rows: CellValue[][] = [];
  const batches: number[] = [];
  for await (const batch of connector.readRows(table, { ...options, columns })) {
    batches.push(batch.length);
    rows.push(...batch);
  }
  return { rows, batches };
}

async function readAllWith(source: Connector, table: string, columns: SourceColumn[]): Promise<number> {
  let count = 0;
  for await (const batch of source.readRows(table, { columns })) count += batch.length;
  return count;
}

async function reasonOf(work: Promise<unknown>): Promise<string> {
  const error: unknown = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return (error as ConnectorError).reason;
}

/** A failure to connect tells the user what to do about its cause; returns the driver's words kept as the detail. */
async function connectFailureOf(
  work: Promise<unknown>,
  cause: ConnectFailureCause,
  target: DatabaseConnectionConfig,
): Promise<string> {
  const error: unknown = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  expect(error).toMatchObject({ code: 'connect_failed', reason: connectFailureText(cause, target) });
  return (error as ConnectorError).detail;
}

describe('PostgreSQL connector', () => {
  beforeAll(async () => {
    const server = serverAddress();
    config = { ...server, database: DATABASE, user: ROLE, password: PASSWORD, tls: 'disable' };
    await withAdmin('postgres', async (admin) => {
      await admin.query(`create role ${ROLE} login password '${PASSWORD}'`);
      await admin.query(`create database ${DATABASE}`);
      const trust = await admin
        .query(`select 1 from pg_hba_file_rules where auth_method = 'trust' and type <> 'local'`)
        .catch(() => ({ rowCount: 0 }));
      const localTrust = await admin
        .query(`select 1 from pg_hba_file_rules where auth_method = 'trust' and type = 'local'`)
        .catch(() => ({ rowCount: 0 }));
      checksPasswords = ((server.host.startsWith('/') ? localTrust : trust).rowCount ?? 0) === 0;
      offersTls = (await admin.query<{ ssl: string }>('show ssl')).rows[0]?.ssl === 'on';
    });
    await withAdmin(DATABASE, async (admin) => {
      await admin.query(`
        create type mood as enum ('calm', 'busy');
        create domain positive_int as integer check (value > 0);
        create table kinds (
          id integer primary key,
          small smallint, big bigint, counted positive_int,
          amount numeric(12, 2), ratio double precision, price money,
          flag boolean, day date,
          at_local timestamp(6), at_zone timestamptz,
          uid uuid, doc json, docb jsonb, note text, tags integer[], state mood, raw bytea
        );
        insert into kinds values
          (1, -32768, 9007199254740993, 7, 1234567890.12, 0.1, 1234.5, true, '2024-02-29',
           '2024-03-31 01:30:00.123456', '2024-03-31 01:30:00.5+02', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
           '{"a": [1, 2]}', '{"b": 1}', 'Grüße, 東京 🚀', '{1,2}', 'busy', '\\x00ff'),
          (2, null, null, null, null, null, null, false, null, null, null, null, null, null, null, null, null, null);
        create view kinds_view as select id, note from kinds;
        create table events (
          id integer primary key, bucket integer not null, updated_at timestamptz not null);
        insert into events
          select i, i / 100, timestamptz '2024-01-01 00:00:00+00' + (i / 10) * interval '1 minute'
          from generate_series(0, ${EVENTS - 1}) i;
        create table ${quotePgIdentifier(ODD)} (${quotePgIdentifier('we"ird')} text primary key);
        insert into ${quotePgIdentifier(ODD)} values ('x');
        create table secret (id integer);
        create schema sales;
        create table sales.orders (id bigint primary key, total numeric);
        insert into sales.orders values (1, 10.5);
        create view slow as select s.i from generate_series(1, 3) s(i), pg_sleep(30);
        analyze;
        grant usage on schema sales to ${ROLE};
        grant select on kinds, kinds_view, events, ${quotePgIdentifier(ODD)}, slow, sales.orders to ${ROLE};
      `);
    });
    connector = createPostgresConnector(config);
  });

  afterAll(async () => {
    await connector?.close();
    await withAdmin('postgres', async (admin) => {
      await admin.query(`drop database if exists ${DATABASE} with (force)`);
      await admin.query(`drop role if exists ${ROLE}`);
    });
  });

  it('connects with the right credentials', async () => {
    await expect(connector.testConnection()).resolves.toBeUndefined();
  });

  it("tells a wrong password apart, logging the server's words without the password", async (context) => {
    if (!checksPasswords) context.skip('the test server trusts every login, so no password is checked');
    const wrong = 'Not-the-Password-123';
    const detail = await connectFailureOf(
      createPostgresConnector({ ...config, password: wrong }).testConnection(),
      'auth_failed',
      config,
    );
    expect(detail).toBe(`password authentication failed for user "${ROLE}"`);
    expect(detail).not.toContain(wrong);
  });

  it.each([
    [
      'a closed port',
      { host: '127.0.0.1', port: 5499 },
      'unreachable',
      'connect ECONNREFUSED 127.0.0.1:5499',
    ],
    [
      'an unknown host',
      { host: 'no-such-host.invalid', port: 5432 },
      'unknown_host',
      'getaddrinfo ENOTFOUND no-such-host.invalid',
    ],
    [
      'a missing database',
      { database: 'nope_missing' },
      'database_missing',
      'database "nope_missing" does not exist',
    ],
  ] as const)(
    "names %s to the user, keeping the driver's words as the detail",
    async (_, change, cause, expected) => {
      const target = { ...config, ...change };
      const failing = createPostgresConnector(target);
      const detail = await connectFailureOf(failing.testConnection(), cause, target);
      expect(detail).toBe(expected);
      expect(detail).not.toContain(PASSWORD);
      await failing.close();
    },
  );

  it("names TLS the server lacks to the user, keeping the driver's words as the detail", async (context) => {
    if (offersTls) context.skip('the test server offers TLS (Citus turns it on), so it cannot lack it');
    const target = { ...config, tls: 'require' as const };
    const failing = createPostgresConnector(target);
    const detail = await connectFailureOf(failing.testConnection(), 'tls_unsupported', target);
    expect(detail).toBe('The server does not support SSL connections');
    await failing.close();
  });

  it('gives up on a server that never answers once the connect timeout passes, logging where', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const failing = createPostgresConnector(
        { ...config, host: '127.0.0.1', port },
        { connectTimeoutMs: 300 },
      );
      expect(
        await connectFailureOf(failing.testConnection(), 'timeout', { ...config, host: '127.0.0.1', port }),
      ).toBe(`Timed out connecting to 127.0.0.1:${port} after 0.3 s`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('stops waiting for a table another session has locked', async () => {
    const impatient = createPostgresConnector(config, { metadataTimeoutMs: 300 });
    await withAdmin(DATABASE, async (admin) => {
      await admin.query('begin');
      await admin.query('lock table events in access exclusive mode');
      try {
        const reading = readAllWith(impatient, 'public.events', [{ name: 'id', type: 'integer' }]);
        expect(await reasonOf(reading)).toBe('canceling statement due to lock timeout');
      } finally {
        await admin.query('rollback');
        await impatient.close();
      }
    });
  });

  it('lists readable tables and views with estimated rows, and no system or forbidden ones', async () => {
    const tables = await connector.listTables();
    expect(tables).toEqual([
      { name: 'public.events', estimatedRows: EVENTS },
      { name: 'public.kinds', estimatedRows: 2 },
      { name: 'public.kinds_view', estimatedRows: null },
      { name: `public.${ODD}`, estimatedRows: 1 },
      { name: 'public.slow', estimatedRows: null },
      { name: 'sales.orders', estimatedRows: 1 },
    ]);
  });

  it('lists only the configured schema when one is set', async () => {
    const scoped = createPostgresConnector({ ...config, schema: 'sales' });
    expect(await scoped.listTables()).toEqual([{ name: 'sales.orders', estimatedRows: 1 }]);
    await expect(scoped.readSchema('public.kinds')).rejects.toThrow('Table "public.kinds" was not found');
    await scoped.close();
  });

  it('maps column types in ordinal order and marks the primary key', async () => {
    expect(await connector.readSchema('public.kinds')).toEqual([
      { name: 'id', type: 'integer', isKey: true },
      { name: 'small', type: 'integer', isKey: false },
      { name: 'big', type: 'integer', isKey: false },
      { name: 'counted', type: 'integer', isKey: false },
      { name: 'amount', type: 'decimal', isKey: false },
      { name: 'ratio', type: 'decimal', isKey: false },
      { name: 'price', type: 'decimal', isKey: false },
      { name: 'flag', type: 'boolean', isKey: false },
      { name: 'day', type: 'date', isKey: false },
      { name: 'at_local', type: 'timestamp', isKey: false },
      { name: 'at_zone', type: 'timestamptz', isKey: false },
      { name: 'uid', type: 'text', isKey: false },
      { name: 'doc', type: 'text', isKey: false },
      { name: 'docb', type: 'text', isKey: false },
      { name: 'note', type: 'text', isKey: false },
      { name: 'tags', type: 'text', isKey: false },
      { name: 'state', type: 'text', isKey: false },
      { name: 'raw', type: 'text', isKey: false },
    ]);
    expect(await connector.readSchema('public.kinds_view')).toEqual([
      { name: 'id', type: 'integer', isKey: false },
      { name: 'note', type: 'text', isKey: false },
    ]);
  });

  it.each(['public.nope', 'kinds', 'public.secret', 'public.kinds; drop table kinds', 'pg_catalog.pg_class'])(
    'refuses the table %s as not found',
    async (table) => {
      await expect(connector.readSchema(table)).rejects.toThrow(
        new ConnectorError(`Table "${table}" was not found`),
      );
      await expect(readAll(table, { columns: [{ name: 'id', type: 'integer' }] })).rejects.toThrow(
        `Table "${table}" was not found`,
      );
    },
  );

  it('reads every type as its warehouse value, with nothing rounded', async () => {
    const { rows } = await readAll('public.kinds', { cursorColumn: 'id' });
    expect(rows).toEqual([
      [
        1,
        -32768,
        '9007199254740993',
        7,
        '1234567890.12',
        '0.1',
        '1234.50',
        true,
        '2024-02-29',
        '2024-03-31 01:30:00.123456',
        new Date('2024-03-30T23:30:00.500Z'),
        'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
        '{"a": [1, 2]}',
        '{"b": 1}',
        'Grüße, 東京 🚀',
        '{1,2}',
        'busy',
        '\\x00ff',
      ],
      [2, null, null, null, null, null, null, false, ...Array<null>(10).fill(null)],
    ]);
  });

  it('reads a view and a table whose names need quoting', async () => {
    expect((await readAll('public.kinds_view', { cursorColumn: 'id' })).rows).toEqual([
      [1, 'Grüße, 東京 🚀'],
      [2, null],
    ]);
    expect((await readAll(`public.${ODD}`)).rows).toEqual([['x']]);
  });

  it('streams a large table in batches of the default size', async () => {
    const { rows, batches } = await readAll('public.events', { cursorColumn: 'id' });
    expect(batches).toEqual([5000, 5000, 5000, 5000]);
    expect(rows.map((row) => row[0])).toEqual(Array.from({ length: EVENTS }, (_, i) => i));
  });

  it.each([
    [7000, [7000, 7000, 6000]],
    [20_000, [20_000]],
    [30_000, [20_000]],
  ])('yields batches of at most %i rows', async (batchSize, expected) => {
    expect((await readAll('public.events', { batchSize })).batches).toEqual(expected);
  });

  it('reads from the cursor value inclusively, including every row that shares it', async () => {
    const { rows } = await readAll('public.events', {
      columns: [
        { name: 'bucket', type: 'integer' },
        { name: 'id', type: 'integer' },
      ],
      cursorColumn: 'bucket',
      from: 150,
    });
    expect(rows).toHaveLength(EVENTS - 150 * 100);
    expect(rows.slice(0, 100).every((row) => row[0] === 150)).toBe(true);
    const buckets = rows.map((row) => row[0] as number);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
  });

  it.each([
    ['an ISO instant', '2024-01-01T05:00:00.000Z'],
    ['an instant in another zone', '2024-01-01 07:00:00+02:00'],
  ])('compares a timestamptz cursor given as %s in its own type', async (_, from) => {
    const { rows } = await readAll('public.events', {
      columns: [
        { name: 'updated_at', type: 'timestamptz' },
        { name: 'id', type: 'integer' },
      ],
      cursorColumn: 'updated_at',
      from,
    });
    // Ten ids share each minute: minute 300 starts at id 3000.
    expect(rows).toHaveLength(EVENTS - 3000);
    expect(rows[0]).toEqual([new Date('2024-01-01T05:00:00Z'), 3000]);
  });

  it('stops a read when the signal aborts between batches and frees its connection', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const reading = (async () => {
      const columns = [{ name: 'id', type: 'integer' as const }];
      for await (const batch of connector.readRows('public.events', {
        columns,
        batchSize: 1000,
        signal: controller.signal,
      })) {
        seen.push(batch.length);
        if (seen.length === 2) controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([1000, 1000]);
    await expect.poll(() => readersOf(ROLE), { timeout: 5000 }).toBe(0);
  });

  it('stops reads whose query is still running, on abort and on close, ending the server-side work', async () => {
    const own = createPostgresConnector(config);
    const columns = [{ name: 'i', type: 'integer' as const }];
    const controller = new AbortController();
    const closing = (async () => {
      for await (const _ of own.readRows('public.slow', { columns })) {
        // never reached: the query sleeps for 30 s
      }
    })();
    void closing.catch(() => {});
    const aborted = (async () => {
      for await (const _ of own.readRows('public.slow', {
        columns,
        signal: controller.signal,
      })) {
        // never reached: the query sleeps for 30 s
      }
    })();
    await expect.poll(() => sleepersOf(ROLE), { timeout: 5000 }).toBeGreaterThan(1);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await own.close();
    await expect(closing).rejects.toThrow('The connection was closed');
    await expect.poll(() => sleepersOf(ROLE), { timeout: 5000 }).toBe(0);
  });

  it("throws the signal's reason at once when the signal was aborted before reading", async () => {
    const reason = new Error('deleted');
    const columns = [{ name: 'id', type: 'integer' as const }];
    const iterator = connector.readRows('public.events', { columns, signal: AbortSignal.abort(reason) });
    await expect(iterator[Symbol.asyncIterator]().next()).rejects.toBe(reason);
  });

  it('refuses columns the table does not have', async () => {
    await expect(readAll('public.kinds', { columns: [{ name: 'missing', type: 'text' }] })).rejects.toThrow(
      'Column "missing" was not found in table "public.kinds"',
    );
    await expect(readAll('public.kinds', { cursorColumn: 'nope' })).rejects.toThrow(
      'Column "nope" was not found in table "public.kinds"',
    );
  });

  it('closes twice without error', async () => {
    const other = createPostgresConnector(config);
    await other.testConnection();
    await other.close();
    await expect(other.close()).resolves.toBeUndefined();
  });
});

/** Connections of the role still reading (the connector's catalogue connection excluded). */
async function readersOf(role: string): Promise<number> {
  return withAdmin('postgres', async (admin) => {
    const { rows } = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where usename = $1 and query like 'select %from%events%'`,
      [role],
    );
    return rows[0]?.n ?? 0;
  });
}

async function sleepersOf(role: string): Promise<number> {
  return withAdmin('postgres', async (admin) => {
    const { rows } = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where usename = $1 and state = 'active' and query like '%slow%'`,
      [role],
    );
    return rows[0]?.n ?? 0;
  });
}
