import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectFailureText } from '@tidemark/contract';
import { resolveOutbound, type OutboundGuard, type OutboundPolicy } from '../../../net';
import { createMysqlConnector } from './mysql';
import { createPostgresConnector } from './postgres';
import type { Connector } from './types';

/**
 * The connectors behind the outbound guard, against the machine's own servers on loopback (PostgreSQL with
 * trust auth, MariaDB as root): they connect to the address the guard checked, whatever a second DNS answer
 * would say, and a refused address answers the one message without any connection being made.
 */
const PG = new URL(process.env.TEST_SOURCE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432');
const MY = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306');

const DATABASE = `tm_guard_${randomBytes(4).toString('hex')}`;

async function pgAdmin(database: string, sql: string): Promise<void> {
  const url = new URL(PG);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function myAdmin(sql: string): Promise<void> {
  const connection = await mysql.createConnection({
    host: MY.hostname,
    port: Number(MY.port || 3306),
    user: decodeURIComponent(MY.username),
    password: decodeURIComponent(MY.password),
    multipleStatements: true,
  });
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

const LOOPBACK_ONLY: OutboundPolicy = { allowNonPublic: false, allowedNetworks: ['127.0.0.0/8'] };
const DEPLOYMENT: OutboundPolicy = { allowNonPublic: false, allowedNetworks: [] };

/** A name whose first answer is loopback and every later one a private address (DNS rebinding). */
function rebindingGuard(policy: OutboundPolicy): { guard: OutboundGuard; lookups: string[] } {
  const lookups: string[] = [];
  const guard: OutboundGuard = (host, port) =>
    resolveOutbound(host, port, policy, async (name) => {
      lookups.push(name);
      return [{ address: lookups.length === 1 ? '127.0.0.1' : '10.255.255.1', family: 4 }];
    });
  return { guard, lookups };
}

const servers = [
  {
    kind: 'postgres',
    create: (host: string, guard: OutboundGuard) =>
      createPostgresConnector(
        {
          host,
          port: Number(PG.port || 5432),
          database: DATABASE,
          user: decodeURIComponent(PG.username),
          password: decodeURIComponent(PG.password),
          tls: 'disable',
        },
        { guard },
      ),
    table: 'public.t',
  },
  {
    kind: 'mysql',
    create: (host: string, guard: OutboundGuard) =>
      createMysqlConnector(
        {
          host,
          port: Number(MY.port || 3306),
          database: DATABASE,
          user: decodeURIComponent(MY.username),
          password: decodeURIComponent(MY.password),
          tls: 'disable',
        },
        { guard },
      ),
    table: 't',
  },
] as const;

describe('database connectors behind the outbound guard', () => {
  const open: Connector[] = [];
  beforeAll(async () => {
    await pgAdmin('postgres', `create database ${DATABASE}`);
    await pgAdmin(DATABASE, 'create table t (id int primary key); insert into t values (1), (2), (3)');
    await myAdmin(
      `create database ${DATABASE}; create table ${DATABASE}.t (id int primary key); insert into ${DATABASE}.t values (1), (2), (3)`,
    );
  });
  afterAll(async () => {
    await pgAdmin('postgres', `drop database if exists ${DATABASE} with (force)`);
    await myAdmin(`drop database if exists ${DATABASE}`);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });

  for (const server of servers) {
    it(`${server.kind}: every connection goes to the checked address, the name is looked up once`, async () => {
      const { guard, lookups } = rebindingGuard(LOOPBACK_ONLY);
      const connector = server.create('db.rebind.test', guard);
      open.push(connector);
      await connector.testConnection();
      const [column] = await connector.readSchema(server.table);
      // A read opens a second connection: it reaches the same checked address, not the second answer.
      let rows = 0;
      for await (const batch of connector.readRows(server.table, { columns: [column!] }))
        rows += batch.length;
      expect(rows).toBe(3);
      expect(lookups).toEqual(['db.rebind.test']);
    });

    it(`${server.kind}: a refused address reads as a closed port and keeps the cause for the log`, async () => {
      const { guard } = rebindingGuard(DEPLOYMENT);
      const connector = server.create('db.rebind.test', guard);
      open.push(connector);
      const error = await connector.testConnection().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({
        code: 'connect_failed',
        // The text a closed port gets: a blocked network cannot be told apart from it.
        reason: connectFailureText('unreachable', {
          host: 'db.rebind.test',
          port: server.kind === 'postgres' ? Number(PG.port || 5432) : Number(MY.port || 3306),
          database: DATABASE,
          user: '',
        }),
        detail: expect.stringContaining('127.0.0.1 (loopback), which is not allowed'),
      });
    });
  }
});
