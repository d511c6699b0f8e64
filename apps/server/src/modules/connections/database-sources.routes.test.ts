import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_MESSAGES, connectFailureText } from '@tidemark/contract';
import {
  buildTestApp,
  createOperator,
  createWorkspace,
  type Actor,
  type TestApp,
} from '../../testing/build-test-app';
import { MYSQL_CONNECTOR_UUID, POSTGRES_CONNECTOR_UUID } from '../../testing/uploads';

/**
 * Database sources through the API, against the machine's own servers (TEST_SOURCE_POSTGRES_URL,
 * TEST_MYSQL_URL): credentials, tables, the first copy, metrics and series, incremental syncs, failures
 * that leave the previous data intact, reads that break midway, and two syncs at once.
 */
interface SourceServer {
  kind: 'postgres' | 'mysql';
  connectorUuid: string;
  port: number;
  setup(db: string, user: string, password: string): Promise<void>;
  exec(db: string, sql: string): Promise<void>;
  /** Ends every session of `user` on the server, as an administrator or a failover would. */
  killSessionsOf(user: string): Promise<void>;
  teardown(db: string, user: string): Promise<void>;
}

const PG = new URL(process.env.TEST_SOURCE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432');
const MY = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306');

async function pgAdmin<T>(db: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(PG);
  url.pathname = `/${db}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function myAdmin<T>(db: string | null, work: (c: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({
    host: MY.hostname,
    port: Number(MY.port || 3306),
    user: decodeURIComponent(MY.username),
    password: decodeURIComponent(MY.password),
    ...(db ? { database: db } : {}),
    multipleStatements: true,
  });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

const ORDERS = (day: number, count: number, first: number) =>
  Array.from({ length: count }, (_, k) => {
    const id = first + k;
    const at = new Date(Date.UTC(2025, 0, 1 + day, 2 + (k % 20), k % 60)).toISOString();
    return `(${id}, '${at.replace('T', ' ').replace('Z', '')}', '${['US', 'DE', 'GB'][k % 3]}', ${(10 + (k % 7) * 2.5).toFixed(2)})`;
  }).join(', ');

const servers: SourceServer[] = [
  {
    kind: 'postgres',
    connectorUuid: POSTGRES_CONNECTOR_UUID,
    port: Number(PG.port || 5432),
    async setup(db, user, password) {
      await pgAdmin('postgres', (c) => c.query(`create database ${db}`));
      await pgAdmin(db, async (c) => {
        await c.query(`create role ${user} login password '${password}'`);
        await c.query(
          `create table orders (order_id bigint primary key, created_at timestamp not null, country text, revenue numeric(10,2))`,
        );
        await c.query(`grant select on all tables in schema public to ${user}`);
        await c.query(`alter default privileges in schema public grant select on tables to ${user}`);
      });
    },
    exec: (db, sql) => pgAdmin(db, async (c) => void (await c.query(sql))),
    killSessionsOf: (user) =>
      pgAdmin(
        'postgres',
        async (c) =>
          void (await c.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [
            user,
          ])),
      ),
    async teardown(db, user) {
      await pgAdmin('postgres', async (c) => {
        await c.query(`drop database if exists ${db} with (force)`);
        await c.query(`drop role if exists ${user}`);
      });
    },
  },
  {
    kind: 'mysql',
    connectorUuid: MYSQL_CONNECTOR_UUID,
    port: Number(MY.port || 3306),
    async setup(db, user, password) {
      await myAdmin(null, async (c) => {
        await c.query(`create database ${db}`);
        await c.query(`create user '${user}'@'%' identified by '${password}'`);
        await c.query(`grant select on ${db}.* to '${user}'@'%'`);
      });
      await myAdmin(db, (c) =>
        c.query(
          `create table orders (order_id bigint primary key, created_at datetime not null, country varchar(8), revenue decimal(10,2))`,
        ),
      );
    },
    exec: (db, sql) => myAdmin(db, async (c) => void (await c.query(sql))),
    killSessionsOf: (user) =>
      myAdmin(null, async (c) => {
        const [rows] = await c.query(`select id from information_schema.processlist where user = ?`, [user]);
        for (const row of rows as Array<{ id: number }>)
          await c.query(`kill ${Number(row.id)}`).catch(() => {});
      }),
    async teardown(db, user) {
      await myAdmin(null, async (c) => {
        await c.query(`drop database if exists ${db}`);
        await c.query(`drop user if exists '${user}'@'%'`);
      });
    },
  },
];

for (const server of servers) {
  describe(`a ${server.kind} data source`, () => {
    const suffix = randomBytes(4).toString('hex');
    const db = `tm_src_${suffix}`;
    const user = `tm_reader_${suffix}`;
    const password = `Pw-${randomBytes(8).toString('hex')}`;
    let t: TestApp;
    let shop: { tenant: { tenant_id: number }; owner: Actor };
    let id: string;
    let ready = false;

    beforeAll(async () => {
      await server.setup(db, user, password);
      await server.exec(db, `insert into orders values ${ORDERS(0, 30, 1)}, ${ORDERS(1, 30, 31)}`);
      t = await buildTestApp();
      shop = await createWorkspace(t);
      ready = true;
    }, 60_000);
    afterAll(async () => {
      if (ready) await t.close();
      await server.teardown(db, user);
    });

    const credentials = (overrides: object = {}) => ({
      host: '127.0.0.1',
      port: server.port,
      database: db,
      user,
      password,
      tls: 'disable',
      ...overrides,
    });
    type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const callAs = (actor: Actor) => (method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url, headers: actor.headers, ...(payload ? { payload } : {}) });
    const call = (method: Method, url: string, payload?: object) => callAs(shop.owner)(method, url, payload);
    /** A new source in the actor's workspace, copying its one table whose name matches. */
    const connectTable = async (actor: Actor, name: RegExp): Promise<string> => {
      const send = callAs(actor);
      const created = await send('POST', '/v1/connections', { connector_uuid: server.connectorUuid });
      const source = created.json().datasource_id as string;
      const listed = await send('POST', `/v1/connections/${source}/credentials`, credentials());
      const table = listed.json().tables.find((x: { name: string }) => name.test(x.name)).name;
      const picked = await send('PUT', `/v1/connections/${source}/tables`, { source_tables: [table] });
      expect(picked.statusCode, picked.body).toBe(200);
      return source;
    };
    const stage = async () =>
      (
        await t.db.query<{ data_connection_status: string; data_connection_message: string | null }>(
          'select data_connection_status, data_connection_message from connections where tenant_id = $1',
          [shop.tenant.tenant_id],
        )
      )[0]!;
    const warehouse = async () => {
      const [table] = await t.db.query<{ destination_table_name: string }>(
        'select destination_table_name from warehouse_tables where tenant_id = $1',
        [shop.tenant.tenant_id],
      );
      return t.db.query<{ order_id: number; revenue: number }>(
        `select order_id::int, revenue::float8 as revenue from ${table!.destination_table_name} order by order_id`,
      );
    };

    it("tells the customer what to fix for each wrong setting, never the driver's words or the password", async () => {
      const created = await call('POST', '/v1/connections', { connector_uuid: server.connectorUuid });
      expect(created.statusCode, created.body).toBe(200);
      id = created.json().datasource_id;
      expect(created.json().redirect.path).toBe(`/onboarding/${server.kind}?id=${id}`);
      const target = credentials();
      // The local PostgreSQL trusts logins from loopback, so a role it lacks stands in for a wrong password there.
      const wrongLogin =
        server.kind === 'mysql' ? { password: `${password}-not` } : { user: `${user}_nobody`, password: 'x' };
      const cases = [
        [{ port: 1 }, 'unreachable', /ECONNREFUSED/],
        [wrongLogin, 'auth_failed', /Access denied|authentication failed|role ".*" does not exist/],
        [
          { database: `${db}_missing` },
          server.kind === 'mysql' ? 'database_denied' : 'database_missing',
          /Access denied|database ".*" does not exist/,
        ],
      ] as const;
      for (const [change, cause, driverWords] of cases) {
        const wrong = await call('POST', `/v1/connections/${id}/credentials`, credentials(change));
        expect(wrong.statusCode).toBe(400);
        const text = connectFailureText(cause, { ...target, ...change });
        expect(wrong.json().message).toBe(text);
        expect(wrong.body).not.toMatch(driverWords);
        expect(wrong.body).not.toContain(password);
        const failed = await stage();
        expect(failed.data_connection_status).toBe('FAILED');
        expect(failed.data_connection_message).toBe(`${text} ${CONNECTION_MESSAGES.talkToUs}`);
      }
      expect(
        (await call('POST', `/v1/connections/${id}/credentials`, credentials({ port: 1 }))).json().message,
      ).toBe(
        `We could not reach the database at 127.0.0.1:1. Check the host and port, and that it accepts connections from Tidemark.`,
      );
    });

    it("shows an operator the driver's words as a detail after the customer's text", async () => {
      const operator = await createOperator(t);
      const send = callAs(operator);
      const created = await send('POST', '/v1/connections', { connector_uuid: server.connectorUuid });
      expect(created.statusCode, created.body).toBe(200);
      const source = created.json().datasource_id as string;
      const wrong = await send('POST', `/v1/connections/${source}/credentials`, credentials({ port: 1 }));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(
        `${connectFailureText('unreachable', credentials({ port: 1 }))} Detail: connect ECONNREFUSED 127.0.0.1:1`,
      );
      await send('DELETE', `/v1/connections/${source}`);
    });

    it('lists the tables, copies the chosen one, and keeps the password out of every answer', async () => {
      const ok = await call('POST', `/v1/connections/${id}/credentials`, credentials());
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().tables.map((x: { name: string }) => x.name)).toContainEqual(
        expect.stringMatching(/orders$/),
      );
      const table = ok.json().tables.find((x: { name: string }) => /orders$/.test(x.name)).name;
      const settings = await call('GET', `/v1/connections/${id}`);
      expect(settings.json().credentials.has_password).toBe(true);
      expect(settings.body).not.toContain(password);
      const [stored] = await t.db.query<{ row: string }>(
        'select row_to_json(c)::text as row from connections c where tenant_id = $1',
        [shop.tenant.tenant_id],
      );
      expect(stored!.row).not.toContain(password);
      const picked = await call('PUT', `/v1/connections/${id}/tables`, { source_tables: [table] });
      expect(picked.statusCode, picked.body).toBe(200);
      await t.app.jobs.waitForIdle();
      expect((await warehouse()).map((r) => r.order_id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    });

    it('syncs incrementally: changed and new rows land once each', async () => {
      await server.exec(db, `update orders set revenue = 999 where order_id = 5`);
      await server.exec(db, `insert into orders values ${ORDERS(2, 20, 61)}`);
      const sync = await call('POST', `/v1/connectors/${id}/sync`);
      expect(sync.statusCode, sync.body).toBe(200);
      await t.app.jobs.waitForIdle();
      const rows = await warehouse();
      expect(rows.map((r) => r.order_id)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
      // Order 5 is older than the cursor: an incremental read does not see it change (a full sync would).
      expect(rows.filter((r) => r.order_id === 5)).toHaveLength(1);
    });

    it('lets two syncs at once take turns instead of failing', async () => {
      await server.exec(db, `insert into orders values ${ORDERS(3, 10, 81)}`);
      const [a, b] = await Promise.all([
        call('POST', `/v1/connectors/${id}/sync`),
        call('POST', `/v1/connectors/${id}/sync`),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      await t.app.jobs.waitForIdle();
      expect((await warehouse()).map((r) => r.order_id)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
      expect((await stage()).data_connection_status).toBe('SUCCESSFUL');
    });

    it('keeps the previous data when the table is gone, and recovers when it is back', async () => {
      await server.exec(db, `alter table orders rename to orders_moved`);
      await call('POST', `/v1/connectors/${id}/sync`);
      await t.app.jobs.waitForIdle();
      const failed = await stage();
      expect(failed.data_connection_status).toBe('FAILED');
      expect(failed.data_connection_message).toContain(CONNECTION_MESSAGES.talkToUs);
      expect(await warehouse()).toHaveLength(90);
      await server.exec(db, `alter table orders_moved rename to orders`);
      await call('POST', `/v1/connectors/${id}/sync`);
      await t.app.jobs.waitForIdle();
      expect((await stage()).data_connection_status).toBe('SUCCESSFUL');
    });

    it('fails cleanly, without taking the process down, when the server ends the read midway', async () => {
      // A read slow enough to be caught mid-flight: many rows in small batches.
      const many = Array.from({ length: 20 }, (_, i) => ORDERS(10 + i, 500, 1000 + i * 500)).join(', ');
      await server.exec(db, `insert into orders values ${many}`);
      await server.exec(db, `delete from orders where order_id > 90 and order_id < 1000`);
      const before = await warehouse();
      const sync = call('POST', `/v1/connectors/${id}/sync`);
      await sync;
      // End the reader's sessions as soon as one is seen.
      for (let i = 0; i < 100; i++) {
        await server.killSessionsOf(user);
        await new Promise((r) => setTimeout(r, 20));
      }
      await t.app.jobs.waitForIdle();
      const after = await warehouse();
      // Either the read was caught and nothing changed, or it finished before; never a half copy.
      expect([before.length, before.length + 10_000]).toContain(after.length);
    });

    it('cancels a running sync cleanly when its data source is deleted', async () => {
      await server.exec(
        db,
        server.kind === 'postgres'
          ? `create view slow_orders as select o.*, pg_sleep(0.02)::text as pause from orders o`
          : `create view slow_orders as select o.*, sleep(0.02) as pause from orders o`,
      );
      if (server.kind === 'postgres') await server.exec(db, `grant select on slow_orders to ${user}`);
      const slow = await connectTable(shop.owner, /slow_orders$/);
      // Wait until the read is under way, then delete.
      for (let i = 0; i < 100; i++) {
        const [running] = await t.db.query<{ n: number }>(
          `select count(*)::int as n from extraction_jobs e join connections c using (tenant_id, connection_id)
            where c.datasource_id = $1 and e.status = 'IN_PROGRESS'`,
          [slow],
        );
        if (running!.n > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const deleted = await call('DELETE', `/v1/connections/${slow}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      await t.app.jobs.waitForIdle();
      expect((await call('GET', `/v1/connections/${slow}`)).statusCode).toBe(404);
      const leftovers = await t.db.query(`select tablename from pg_tables where tablename like $1`, [
        `wh_${slow}%`,
      ]);
      expect(leftovers).toEqual([]);
      // The other source is untouched.
      expect((await call('GET', `/v1/connections/${id}`)).statusCode).toBe(200);
    });

    it('reads a table without a cursor whole, and recomputes its series only from the first changed day', async () => {
      const days = (from: number, to: number) =>
        Array.from({ length: to - from + 1 }, (_, k) => {
          const day = new Date(Date.UTC(2025, 0, 1 + from + k)).toISOString().slice(0, 10);
          return `('${day}', 'Email', ${100 + from + k}), ('${day}', 'Direct', ${50 + from + k})`;
        }).join(', ');
      await server.exec(
        db,
        `create table visits_by_day (day date not null, channel varchar(16), visits int)`,
      );
      await server.exec(db, `insert into visits_by_day values ${days(0, 9)}`);
      // A workspace of its own, so the tests above keep reading their one table.
      const other = await createWorkspace(t);
      const send = callAs(other.owner);
      const source = await connectTable(other.owner, /visits_by_day$/);
      await t.app.jobs.waitForIdle();
      // The date column as the preferences step would set it (its metrics are not configured, so no series
      // job consumes the mark between the syncs).
      await t.db.query(
        `update warehouse_tables set date_column = 'day', dirty_from = null where tenant_id = $1`,
        [other.tenant.tenant_id],
      );
      const syncAndRead = async () => {
        expect((await send('POST', `/v1/connectors/${source}/sync`)).statusCode).toBe(200);
        await t.app.jobs.waitForIdle();
        const [row] = await t.db.query<{ dirty_from: Date | null; row_count: number }>(
          'select dirty_from, row_count from warehouse_tables where tenant_id = $1',
          [other.tenant.tenant_id],
        );
        await t.db.query('update warehouse_tables set dirty_from = null where tenant_id = $1', [
          other.tenant.tenant_id,
        ]);
        return row!;
      };
      const utcDay = (d: number) => new Date(Date.UTC(2025, 0, 1 + d));
      // Workspaces start on UTC: a date's series begin at its UTC midnight.
      await server.exec(db, `insert into visits_by_day values ${days(10, 10)}`);
      expect(await syncAndRead()).toEqual({ dirty_from: utcDay(10), row_count: 22 });
      expect(await syncAndRead()).toEqual({ dirty_from: null, row_count: 22 });
      await server.exec(
        db,
        `update visits_by_day set visits = 7 where day = '2025-01-04' and channel = 'Email'`,
      );
      expect((await syncAndRead()).dirty_from).toEqual(utcDay(3));
      await server.exec(db, `delete from visits_by_day where day = '2025-01-02'`);
      expect(await syncAndRead()).toEqual({ dirty_from: utcDay(1), row_count: 20 });
    });
  });
}
