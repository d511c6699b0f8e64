import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_MESSAGES, connectFailureText } from '@tidemark/contract';
import type { Config } from '../config/env';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../testing/build-test-app';
import { MYSQL_CONNECTOR_UUID, POSTGRES_CONNECTOR_UUID } from '../testing/uploads';

/**
 * Issue 25, Critical: a member aims a database source at the servers around Tidemark. The machine runs
 * PostgreSQL on 127.0.0.1:5432 (postgres, trust) and MariaDB on 3306 (root, no password), as the attacker
 * found; every probe stays on loopback. Other ranges are refused in net/outbound.test.ts, by decision only.
 */
const PG = new URL(process.env.TEST_SOURCE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432');
const MY = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306');
const PG_PORT = Number(PG.port || 5432);
const MY_PORT = Number(MY.port || 3306);
const CLOSED_PORT = 5499;

/** On a network SOURCE_ALLOWED_NETWORKS lists, every connect failure reads alike. */
const ONE_MESSAGE = CONNECTION_MESSAGES.couldNotConnect;
/** A blocked address reads as a closed port at the address the customer typed. */
const unreachable = (target: { host: string; port: number; database: string; user: string }) =>
  connectFailureText('unreachable', target);
/** A deployment by the rule in config/env.ts: DATABASE_URL is set (the test app still runs on its own db). */
const DEPLOYMENT: Partial<Config> = { databaseUrl: 'postgres://deployment.invalid/tidemark' };

const suffix = randomBytes(4).toString('hex');
const VICTIM = `tm_ssrf_${suffix}`;

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

async function myAdmin<T>(work: (c: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({
    host: MY.hostname,
    port: MY_PORT,
    user: decodeURIComponent(MY.username),
    password: decodeURIComponent(MY.password),
    multipleStatements: true,
  });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

interface Probe {
  t: TestApp;
  member: { tenant: { tenant_id: number }; owner: Actor };
}

async function probeApp(config: Partial<Config>): Promise<Probe> {
  const t = await buildTestApp({ config });
  return { t, member: await createWorkspace(t) };
}

async function createSource({ t, member }: Probe, connector: 'postgres' | 'mysql'): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/connections',
    headers: member.owner.headers,
    payload: { connector_uuid: connector === 'postgres' ? POSTGRES_CONNECTOR_UUID : MYSQL_CONNECTOR_UUID },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().datasource_id as string;
}

/** Creates a source and posts its credentials, as the onboarding form does. */
async function aim(
  probe: Probe,
  connector: 'postgres' | 'mysql',
  credentials: { host: string; port: number; database: string; user: string },
) {
  const { t, member } = probe;
  const id = await createSource(probe, connector);
  const answer = await t.app.inject({
    method: 'POST',
    url: `/v1/connections/${id}/credentials`,
    headers: member.owner.headers,
    payload: { ...credentials, password: '', tls: 'disable' },
  });
  return { id, answer };
}

async function warehouseRows({ t, member }: Probe): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(
    'select count(*)::int as n from warehouse_tables where tenant_id = $1',
    [member.tenant.tenant_id],
  );
  return row!.n;
}

const LOOPBACK_SPELLINGS = [
  '127.0.0.1',
  'localhost',
  '0.0.0.0',
  '2130706433',
  '127.1',
  '0x7f000001',
  '0177.0.0.1',
  '[::1]',
  '::ffff:127.0.0.1',
];

describe('security probes: database sources aimed at the servers around Tidemark', () => {
  let deployment: Probe;
  let allowed: Probe;
  let trial: Probe;

  beforeAll(async () => {
    await pgAdmin('postgres', (c) => c.query(`create database ${VICTIM}`));
    await pgAdmin(VICTIM, (c) =>
      c.query(`create table api_keys (id int primary key, key_hash text not null);
               insert into api_keys values (1, 'hash-of-someone-elses-key')`),
    );
    await myAdmin((c) =>
      c.query(`create database ${VICTIM}; create table ${VICTIM}.secrets (id int primary key, secret text);
               insert into ${VICTIM}.secrets values (1, 'root-only')`),
    );
    deployment = await probeApp(DEPLOYMENT);
    allowed = await probeApp({ ...DEPLOYMENT, sourceAllowedNetworks: ['127.0.0.0/8'] } as Partial<Config>);
    trial = await probeApp({});
  }, 60_000);

  afterAll(async () => {
    await Promise.all([deployment?.t.close(), allowed?.t.close(), trial?.t.close()]);
    await pgAdmin('postgres', (c) => c.query(`drop database if exists ${VICTIM} with (force)`));
    await myAdmin((c) => c.query(`drop database if exists ${VICTIM}`));
  });

  it.each(LOOPBACK_SPELLINGS)(
    'refuses a PostgreSQL source on %s as a closed port, and copies nothing',
    async (host) => {
      const target = { host, port: PG_PORT, database: VICTIM, user: 'postgres' };
      const { id, answer } = await aim(deployment, 'postgres', target);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ success: false, message: unreachable(target) });
      expect(answer.body).not.toContain('api_keys');
      // Nothing was saved, so no table can be picked and no sync can start.
      const pick = await deployment.t.app.inject({
        method: 'PUT',
        url: `/v1/connections/${id}/tables`,
        headers: deployment.member.owner.headers,
        payload: { source_tables: ['public.api_keys'] },
      });
      expect(pick.statusCode).toBe(400);
      await deployment.t.app.jobs.waitForIdle();
      expect(await warehouseRows(deployment)).toBe(0);
    },
  );

  it('refuses MariaDB on loopback as root as a closed port', async () => {
    const target = { host: '127.0.0.1', port: MY_PORT, database: VICTIM, user: 'root' };
    const { answer } = await aim(deployment, 'mysql', target);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toBe(unreachable(target));
  });

  it('refuses a sync of a source saved before the policy applied, copying no row', async () => {
    const { t, member } = deployment;
    const id = await createSource(deployment, 'postgres');
    // As if saved on a trial that later became a deployment: the stored address is loopback.
    await t.db.query(
      `update connections set config = $1, secret = $2, source_tables = $3
        where tenant_id = $4 and datasource_id = $5`,
      [
        { host: '127.0.0.1', port: PG_PORT, database: VICTIM, user: 'postgres', tls: 'disable' },
        t.app.sealer!.seal(''),
        ['public.api_keys'],
        member.tenant.tenant_id,
        id,
      ],
    );
    const sync = await t.app.inject({
      method: 'POST',
      url: `/v1/connectors/${id}/sync`,
      headers: member.owner.headers,
    });
    expect(sync.statusCode, sync.body).toBe(200);
    await t.app.jobs.waitForIdle();
    const [extraction] = await t.db.query<{ status: string; message: string }>(
      `select e.status, e.message from extraction_jobs e join connections c using (tenant_id, connection_id)
        where c.datasource_id = $1`,
      [id],
    );
    expect(extraction).toEqual({
      status: 'FAILED',
      message: unreachable({ host: '127.0.0.1', port: PG_PORT, database: VICTIM, user: 'postgres' }),
    });
    expect(await warehouseRows(deployment)).toBe(0);
  });

  it('answers an open port, a closed port and a missing database alike on a deployment', async () => {
    const targets = [
      { host: '127.0.0.1', port: PG_PORT, database: VICTIM, user: 'postgres' },
      { host: '127.0.0.1', port: CLOSED_PORT, database: VICTIM, user: 'x' },
      { host: '127.0.0.1', port: PG_PORT, database: 'nope', user: 'postgres' },
    ];
    const answers = await Promise.all(targets.map((target) => aim(deployment, 'postgres', target)));
    answers.forEach(({ answer }, i) =>
      expect(answer.json()).toEqual({ success: false, message: unreachable(targets[i]!) }),
    );
  });

  it('answers a closed port and a missing database alike even where loopback is allowed', async () => {
    const closedPg = await aim(allowed, 'postgres', {
      host: '127.0.0.1',
      port: CLOSED_PORT,
      database: VICTIM,
      user: 'postgres',
    });
    const missingPg = await aim(allowed, 'postgres', {
      host: '127.0.0.1',
      port: PG_PORT,
      database: `${VICTIM}_missing`,
      user: 'postgres',
    });
    const missingMy = await aim(allowed, 'mysql', {
      host: '127.0.0.1',
      port: MY_PORT,
      database: `${VICTIM}_missing`,
      user: 'root',
    });
    for (const { answer } of [closedPg, missingPg, missingMy]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ success: false, message: ONE_MESSAGE });
    }
  });

  it('connects to loopback again when SOURCE_ALLOWED_NETWORKS lists 127.0.0.0/8', async () => {
    const { id, answer } = await aim(allowed, 'postgres', {
      host: '127.0.0.1',
      port: PG_PORT,
      database: VICTIM,
      user: 'postgres',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().tables.map((x: { name: string }) => x.name)).toContain('public.api_keys');
    const pick = await allowed.t.app.inject({
      method: 'PUT',
      url: `/v1/connections/${id}/tables`,
      headers: allowed.member.owner.headers,
      payload: { source_tables: ['public.api_keys'] },
    });
    expect(pick.statusCode, pick.body).toBe(200);
    await allowed.t.app.jobs.waitForIdle();
    expect(await warehouseRows(allowed)).toBe(1);
  });

  it('still refuses loopback outside the listed networks (::1 is not in 127.0.0.0/8)', async () => {
    const target = { host: '[::1]', port: PG_PORT, database: VICTIM, user: 'postgres' };
    const { answer } = await aim(allowed, 'postgres', target);
    expect(answer.json()).toEqual({ success: false, message: unreachable(target) });
  });

  it('lets the embedded trial reach a database on its own machine by default', async () => {
    const { answer } = await aim(trial, 'postgres', {
      host: 'localhost',
      port: PG_PORT,
      database: VICTIM,
      user: 'postgres',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().tables.map((x: { name: string }) => x.name)).toContain('public.api_keys');
  });
});
