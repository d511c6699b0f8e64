import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import './provided-context';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@tidemark/contract';
import type { Config } from '../config/env';
import { cloneTemplate, TEMPLATE_SCHEMA, templateFits, testConfig } from './app-template';
import { buildApp } from '../app';
import { baseContext } from '../plugins/context';
import { openPostgres, type Db } from '../db/client';
import { addMember, createTenant, type TenantRow } from '../modules/tenants';
import { csrfTokenFor, hashToken, signInByEmail, startSession } from '../modules/auth';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** The run's PostgreSQL (see scripts/test-database.ts): an embedded server, or TEST_DATABASE_URL. */
export const testDatabaseUrl = (): string => inject('databaseUrl');

/** A schema of its own on the run's PostgreSQL, dropped by the returned function. */
export async function createTestSchema(): Promise<{ schema: string; drop(): Promise<void> }> {
  const url = testDatabaseUrl();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema}_jobs cascade`);
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** The run's template database (app-template.ts), or '' when there is none. */
function appTemplate(): string {
  try {
    return inject('appTemplate') ?? '';
  } catch {
    return '';
  }
}

/**
 * A fresh app on a database of its own: a clone of the run's migrated and seeded template (app-template.ts),
 * or, when the run has none or the suite's config would seed differently, a fresh schema of the run's
 * PostgreSQL migrated by the app's start.
 */
export async function buildTestApp(
  options: { config?: Partial<Config>; logger?: object } = {},
): Promise<TestApp> {
  const config = testConfig(options.config);
  const template = appTemplate();
  let db: Db;
  let drop: () => Promise<void>;
  if (template && templateFits(config)) {
    const clone = await cloneTemplate(testDatabaseUrl(), template);
    db = await openPostgres(clone.url, 'postgres', { schema: TEMPLATE_SCHEMA, poolSize: 4 }).catch(
      async (error: unknown) => {
        await clone.drop();
        throw error;
      },
    );
    // Dropping a database takes a second or two; the suite need not wait for it. One the worker leaves
    // unfinished is dropped with the template when the run ends (scripts/test-database.ts).
    drop = async () => void clone.drop().catch(() => undefined);
  } else {
    const fresh = await createTestSchema();
    db = await openPostgres(testDatabaseUrl(), 'postgres', { schema: fresh.schema, poolSize: 4 });
    drop = fresh.drop;
  }
  const app = await buildApp({ config, db, logger: options.logger ?? false });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
      await drop();
    },
  };
}

export interface Actor {
  userId: number;
  tenantId: number;
  email: string;
  /** Headers that make a request as this user: session cookie plus the CSRF pair. */
  headers: Record<string, string>;
}

/** The infrastructure part of a service context, for factories that call services directly. */
export const contextOf = (t: TestApp) => baseContext(t.app);

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

/** A new workspace with one owner, signed in. */
export async function createWorkspace(
  t: TestApp,
  name = `Shop ${unique()}`,
): Promise<{ tenant: TenantRow; owner: Actor }> {
  const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique()}.test`;
  const ctx = contextOf(t);
  const userId = await signInByEmail(ctx, { email: `owner@${domain}`, plan: 'shopify', shopifyData: null });
  const [row] = await t.db.query<{ tenant_id: number }>('select tenant_id from users where user_id = $1', [
    userId,
  ]);
  const [tenant] = await t.db.query<TenantRow>('select * from tenants where tenant_id = $1', [
    row!.tenant_id,
  ]);
  return { tenant: tenant!, owner: await actorFor(t, userId) };
}

/** A member of the all-customers tenant. */
export async function createOperator(t: TestApp): Promise<Actor> {
  const [all] = await t.db.query<{ tenant_id: number }>(
    'select tenant_id from tenants where is_all_customers',
  );
  const domain = `ops-${unique()}.test`;
  const ctx = contextOf(t);
  const userId = await signInByEmail(ctx, { email: `ops@${domain}`, plan: 'internal', shopifyData: null });
  await addMember({ ctx: t, input: { tenantId: all!.tenant_id, userId, role: 'member' } });
  return actorFor(t, userId);
}

export async function actorFor(t: TestApp, userId: number): Promise<Actor> {
  const ctx = contextOf(t);
  const session = await startSession(ctx, userId);
  const csrf = csrfTokenFor(t.app.sessionSecret, hashToken(session));
  const [user] = await t.db.query<{ tenant_id: number; email: string }>(
    'select tenant_id, email from users where user_id = $1',
    [userId],
  );
  return {
    userId,
    tenantId: user!.tenant_id,
    email: user!.email,
    headers: { cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf },
  };
}

export { createTenant };

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
