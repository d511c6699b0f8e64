import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFailureText, type ConnectFailureCause } from '@tidemark/contract';
import { createMysqlConnector, mysqlColumnType, quoteMysqlIdentifier } from './mysql';
import type { DatabaseConnectionConfig } from './sql-common';
import { ConnectorError, type CellValue, type Connector, type SourceColumn } from './types';

/** The machine's MariaDB/MySQL (root without a password); TEST_MYSQL_URL points elsewhere. */
const SERVER = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306');
const suffix = randomBytes(5).toString('hex');
const DATABASE = `tm_myconn_${suffix}`;
const USER = `tm_myconn_${suffix}`;
const PASSWORD = `Pw-${randomBytes(9).toString('hex')}`;
const ODD = 'odd`name';
const EVENTS = 20_000;

async function withAdmin<T>(work: (admin: mysql.Connection) => Promise<T>, database?: string): Promise<T> {
  const admin = await mysql.createConnection({
    host: SERVER.hostname,
    port: Number(SERVER.port || 3306),
    user: decodeURIComponent(SERVER.username),
    password: decodeURIComponent(SERVER.password),
    ...(database ? { database } : {}),
    multipleStatements: true,
  });
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

let config: DatabaseConnectionConfig;
let connector: Connector;

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

/** Threads of the test user still running a statement on the slow view. */
async function sleepers(): Promise<number> {
  return withAdmin(async (admin) => {
    const [rows] = await admin.query<mysql.RowDataPacket[]>(
      `select count(*) as n from information_schema.processlist where user = ? and info like '%slow%'`,
      [USER],
    );
    return Number(rows[0]?.n ?? 0);
  });
}

describe('MySQL/MariaDB connector', () => {
  beforeAll(async () => {
    config = {
      host: SERVER.hostname,
      port: Number(SERVER.port || 3306),
      database: DATABASE,
      user: USER,
      password: PASSWORD,
      tls: 'disable',
    };
    const odd = quoteMysqlIdentifier(ODD);
    const digits =
      '(select 0 n union all select 1 union all select 2 union all select 3 union all select 4 union all select 5 union all select 6 union all select 7 union all select 8 union all select 9)';
    await withAdmin(async (admin) => {
      await admin.query(`create database ${DATABASE} character set utf8mb4`);
      await admin.query(`create user '${USER}'@'%' identified by '${PASSWORD}'`);
    });
    await withAdmin(async (admin) => {
      await admin.query(`
        set time_zone = '+00:00';
        create table kinds (
          id int primary key, small smallint, big bigint, amount decimal(12, 2), ratio double,
          flag tinyint(1), bitflag bit(1), day date, at_local datetime(6), at_zone timestamp(6) null,
          code char(36), doc json, note text, state enum('calm', 'busy'), raw varbinary(4), yr year
        );
        insert into kinds values
          (1, -32768, 9007199254740995, 1234567890.12, 0.1, 1, b'1', '2024-02-29',
           '2024-03-31 01:30:00.123456', '2024-03-30 23:30:00.5', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
           '{"a": [1, 2]}', 'Grüße, 東京 🚀', 'busy', x'00ff', 2024),
          (2, null, null, null, null, 0, b'0', null, null, null, null, null, null, null, null, null);
        create view kinds_view as select id, note from kinds;
        create table events (id int primary key, bucket int not null, updated_at timestamp(6) not null);
        insert into events
          select id, id div 100, timestamp '2024-01-01 00:00:00' + interval (id div 10) minute
          from (select a.n + b.n * 10 + c.n * 100 + d.n * 1000 + e.n * 10000 as id
                from ${digits} a, ${digits} b, ${digits} c, ${digits} d, ${digits} e) ids
          where id < ${EVENTS};
        create table ${odd} (${quoteMysqlIdentifier('we`ird')} varchar(10) primary key);
        insert into ${odd} values ('x');
        create table secret (id int);
        create view slow as select sleep(30) as s;
        analyze table kinds, events, ${odd};
      `);
      for (const table of ['kinds', 'kinds_view', 'events', odd, 'slow']) {
        await admin.query(
          `grant select on ${DATABASE}.${table.startsWith('`') ? table : quoteMysqlIdentifier(table)} to '${USER}'@'%'`,
        );
      }
    }, DATABASE);
    connector = createMysqlConnector(config);
  });

  afterAll(async () => {
    await connector?.close();
    await withAdmin(async (admin) => {
      await admin.query(`drop database if exists ${DATABASE}`);
      await admin.query(`drop user if exists '${USER}'@'%'`);
    });
  });

  it('connects with the right credentials', async () => {
    await expect(connector.testConnection()).resolves.toBeUndefined();
  });

  it("tells a wrong password apart, logging the server's words without the password", async () => {
    const wrong = 'Not-the-Password-123';
    const failing = createMysqlConnector({ ...config, password: wrong });
    const detail = await connectFailureOf(failing.testConnection(), 'auth_failed', config);
    expect(detail).toMatch(
      new RegExp(`^Access denied for user '${USER}'@'[^']+' \\(using password: YES\\)$`),
    );
    expect(detail).not.toContain(wrong);
  });

  it.each([
    [
      'a closed port',
      { host: '127.0.0.1', port: 3399 },
      'unreachable',
      /^connect ECONNREFUSED 127\.0\.0\.1:3399$/,
    ],
    [
      'an unknown host',
      { host: 'no-such-host.invalid' },
      'unknown_host',
      /^getaddrinfo ENOTFOUND no-such-host\.invalid$/,
    ],
    [
      'a database it may not use',
      { database: 'nope_missing' },
      'database_denied',
      new RegExp(`^Access denied for user '${USER}'@'[^']+' to database 'nope_missing'$`),
    ],
    [
      'TLS the server lacks',
      { tls: 'require' as const },
      'tls_unsupported',
      /^Server does not support secure connection$/,
    ],
  ] as const)(
    "names %s to the user, keeping the driver's words as the detail",
    async (_, change, cause, expected) => {
      const target = { ...config, ...change };
      const failing = createMysqlConnector(target);
      const detail = await connectFailureOf(failing.testConnection(), cause, target);
      expect(detail).toMatch(expected);
      expect(detail).not.toContain(PASSWORD);
      await failing.close();
    },
  );

  it('gives up on a server that never answers once the connect timeout passes, logging where', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const failing = createMysqlConnector({ ...config, host: '127.0.0.1', port }, { connectTimeoutMs: 300 });
      expect(
        await connectFailureOf(failing.testConnection(), 'timeout', { ...config, host: '127.0.0.1', port }),
      ).toBe(`Timed out connecting to 127.0.0.1:${port} after 0.3 s`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('stops waiting for a table another session has locked', async () => {
    const impatient = createMysqlConnector(config, { metadataTimeoutMs: 1000 });
    await withAdmin(async (admin) => {
      await admin.query('lock tables events write');
      try {
        const reading = readAllWith(impatient, 'events', [{ name: 'id', type: 'integer' }]);
        expect(await reasonOf(reading)).toBe('Lock wait timeout exceeded; try restarting transaction');
      } finally {
        await admin.query('unlock tables');
        await impatient.close();
      }
    }, DATABASE);
  });

  it('lists readable tables and views with estimated rows, and no forbidden ones', async () => {
    const tables = await connector.listTables();
    expect(tables.map((table) => table.name)).toEqual(['events', 'kinds', 'kinds_view', ODD, 'slow']);
    const estimates = Object.fromEntries(tables.map((table) => [table.name, table.estimatedRows]));
    expect(estimates).toMatchObject({ kinds: 2, kinds_view: null, slow: null, [ODD]: 1 });
    // InnoDB estimates from sampled pages: near the real count, not equal to it.
    expect(estimates.events).toBeGreaterThan(EVENTS / 2);
    expect(estimates.events).toBeLessThan(EVENTS * 2);
  });

  it('maps column types in ordinal order and marks the primary key', async () => {
    expect(await connector.readSchema('kinds')).toEqual([
      { name: 'id', type: 'integer', isKey: true },
      { name: 'small', type: 'integer', isKey: false },
      { name: 'big', type: 'integer', isKey: false },
      { name: 'amount', type: 'decimal', isKey: false },
      { name: 'ratio', type: 'decimal', isKey: false },
      { name: 'flag', type: 'boolean', isKey: false },
      { name: 'bitflag', type: 'boolean', isKey: false },
      { name: 'day', type: 'date', isKey: false },
      { name: 'at_local', type: 'timestamp', isKey: false },
      { name: 'at_zone', type: 'timestamptz', isKey: false },
      { name: 'code', type: 'text', isKey: false },
      { name: 'doc', type: 'text', isKey: false },
      { name: 'note', type: 'text', isKey: false },
      { name: 'state', type: 'text', isKey: false },
      { name: 'raw', type: 'text', isKey: false },
      { name: 'yr', type: 'integer', isKey: false },
    ]);
  });

  it.each([
    ['tinyint', 'tinyint(4)', 'integer'],
    ['tinyint', 'tinyint(1) unsigned', 'boolean'],
    ['bigint', 'bigint(20) unsigned', 'integer'],
    ['bit', 'bit(8)', 'integer'],
    ['float', 'float', 'decimal'],
    ['timestamp', 'timestamp(3)', 'timestamptz'],
    ['datetime', 'datetime', 'timestamp'],
    ['json', 'json', 'text'],
    ['set', "set('a','b')", 'text'],
    ['time', 'time', 'text'],
  ])('maps %s (%s) to %s', (dataType, columnType, expected) => {
    expect(mysqlColumnType(dataType, columnType)).toBe(expected);
  });

  it.each(['nope', 'secret', 'KINDS', 'kinds; drop table kinds', `${DATABASE}.kinds`, 'mysql.user'])(
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
    const { rows } = await readAll('kinds', { cursorColumn: 'id' });
    expect(rows).toEqual([
      [
        1,
        -32768,
        '9007199254740995',
        '1234567890.12',
        '0.1',
        true,
        true,
        '2024-02-29',
        '2024-03-31 01:30:00.123456',
        new Date('2024-03-30T23:30:00.500Z'),
        'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
        '{"a": [1, 2]}',
        'Grüße, 東京 🚀',
        'busy',
        '\\x00ff',
        2024,
      ],
      [2, null, null, null, null, false, false, ...Array<null>(9).fill(null)],
    ]);
  });

  it('reads a view and a table whose names need quoting', async () => {
    expect((await readAll('kinds_view', { cursorColumn: 'id' })).rows).toEqual([
      [1, 'Grüße, 東京 🚀'],
      [2, null],
    ]);
    expect((await readAll(ODD)).rows).toEqual([['x']]);
  });

  it('streams a large table in batches of the default size', async () => {
    const { rows, batches } = await readAll('events', { cursorColumn: 'id' });
    expect(batches).toEqual([5000, 5000, 5000, 5000]);
    expect(rows.map((row) => row[0])).toEqual(Array.from({ length: EVENTS }, (_, i) => i));
  });

  it.each([
    [7000, [7000, 7000, 6000]],
    [30_000, [20_000]],
  ])('yields batches of at most %i rows', async (batchSize, expected) => {
    expect((await readAll('events', { batchSize })).batches).toEqual(expected);
  });

  it('reads from the cursor value inclusively, including every row that shares it', async () => {
    const { rows } = await readAll('events', {
      columns: [
        { name: 'bucket', type: 'integer' },
        { name: 'id', type: 'integer' },
      ],
      cursorColumn: 'bucket',
      from: '150',
    });
    expect(rows).toHaveLength(EVENTS - 150 * 100);
    expect(rows.slice(0, 100).every((row) => row[0] === 150)).toBe(true);
    const buckets = rows.map((row) => row[0] as number);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
  });

  it.each([
    ['9007199254740995', [['9007199254740995']]],
    // As doubles both are 2^53 + 4, so a floating-point comparison would wrongly return the row.
    ['9007199254740996', []],
  ])('compares a big integer cursor from %s exactly', async (from, expected) => {
    const { rows } = await readAll('kinds', {
      columns: [{ name: 'big', type: 'integer' }],
      cursorColumn: 'big',
      from,
    });
    expect(rows).toEqual(expected);
  });

  it.each([
    ['an ISO instant', '2024-01-01T05:00:00.000Z'],
    ['an instant in another zone', '2024-01-01T07:00:00+02:00'],
    ['epoch milliseconds', Date.UTC(2024, 0, 1, 5)],
  ])('compares a TIMESTAMP cursor given as %s in UTC', async (_, from) => {
    const { rows } = await readAll('events', {
      columns: [
        { name: 'updated_at', type: 'timestamptz' },
        { name: 'id', type: 'integer' },
      ],
      cursorColumn: 'updated_at',
      from,
    });
    expect(rows).toHaveLength(EVENTS - 3000);
    expect(rows[0]).toEqual([new Date('2024-01-01T05:00:00Z'), 3000]);
  });

  it('compares a DATETIME cursor by its wall-clock value', async () => {
    const { rows } = await readAll('kinds', {
      columns: [{ name: 'id', type: 'integer' }],
      cursorColumn: 'at_local',
      from: '2024-03-31 01:30:00.123456',
    });
    expect(rows).toEqual([[1]]);
  });

  it('stops a read when the signal aborts between batches', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const reading = (async () => {
      const columns = [{ name: 'id', type: 'integer' as const }];
      for await (const batch of connector.readRows('events', {
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
  });

  it('stops reads whose statement is still running, on abort and on close, ending the server-side work', async () => {
    const own = createMysqlConnector(config);
    const columns = [{ name: 's', type: 'integer' as const }];
    const controller = new AbortController();
    const closing = (async () => {
      for await (const _ of own.readRows('slow', { columns })) {
        // never reached: the statement sleeps for 30 s
      }
    })();
    void closing.catch(() => {});
    const aborted = (async () => {
      for await (const _ of own.readRows('slow', { columns, signal: controller.signal })) {
        // never reached
      }
    })();
    await expect.poll(sleepers, { timeout: 5000 }).toBe(2);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await own.close();
    await expect(closing).rejects.toThrow('The connection was closed');
    await expect.poll(sleepers, { timeout: 5000 }).toBe(0);
  });

  it('refuses columns the table does not have', async () => {
    await expect(readAll('kinds', { columns: [{ name: 'missing', type: 'text' }] })).rejects.toThrow(
      'Column "missing" was not found in table "kinds"',
    );
  });

  it('closes twice without error', async () => {
    const other = createMysqlConnector(config);
    await other.testConnection();
    await other.close();
    await expect(other.close()).resolves.toBeUndefined();
  });
});
