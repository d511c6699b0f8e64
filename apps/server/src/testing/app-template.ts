import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../config/env';
import { buildApp } from '../app';
import { openPostgres } from '../db/client';

/**
 * A database per test app, cloned from one the run migrated and seeded once. Migrating a fresh schema, seeding
 * it and creating pg-boss's tables took 6-11 s per suite on two loaded cores; `CREATE DATABASE … TEMPLATE` copies
 * the result in a fraction of that, and dropping a database is cheaper than dropping a schema's hundreds of
 * objects. The template is built by the product's own start (buildApp with jobs not working), so a clone holds
 * exactly what a fresh start would write; anything a suite's config would seed differently gets a fresh schema.
 */

/** The schema every clone's tables live in (the template's). */
export const TEMPLATE_SCHEMA = 'tm_test';

/** The settings every test app starts from; a suite's own `config` goes on top. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'true',
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: 'http://localhost:8080',
      JOB_POLL_SECONDS: '0.5',
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    },
    overrides,
  );
}

/** Whether a clone of the template is what a fresh schema with this config would start as. */
export function templateFits(config: Config): boolean {
  return config.seedDemo && !config.seedDemoData;
}

/** The same server as `url`, another database. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const baseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Builds the run's template database next to `url`'s (named after it, so runs on one server do not meet)
 * and answers its name and a function that drops it and any clone a suite left behind.
 */
export async function createAppTemplate(url: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `${baseName(url)}_tpl_${randomBytes(4).toString('hex')}`.toLowerCase();
  await admin(url, (c) => c.query(`create database "${name}"`));
  await admin(databaseUrl(url, name), (c) => c.query(`create schema ${TEMPLATE_SCHEMA}`));
  const db = await openPostgres(databaseUrl(url, name), 'postgres', { schema: TEMPLATE_SCHEMA, poolSize: 4 });
  try {
    // The product's start, jobs not working: migrations, seed, provider catalogue, pg-boss's tables and queues.
    const app = await buildApp({ config: testConfig({ runJobs: false }), db, logger: false });
    await app.ready();
    await app.close();
    // pg-boss keeps a queue's options (retry delay, expiry) from its creation: a suite's config may set them
    // differently, so each clone's start creates its queues itself, as on a fresh schema.
    const jobs = `${TEMPLATE_SCHEMA}_jobs`;
    await db.query(`select ${jobs}.delete_queue(name) from ${jobs}.queue`);
  } catch (error) {
    await db.close();
    await admin(url, (c) => c.query(`drop database if exists "${name}" with (force)`));
    throw error;
  }
  await db.close();
  return {
    name,
    async drop() {
      await admin(url, async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          'select datname from pg_database where datname = $1 or datname like $2',
          [name, `${name}\\_c\\_%`],
        );
        for (const r of rows) await c.query(`drop database if exists "${r.datname}" with (force)`);
      });
    },
  };
}

/** A clone of the template for one suite, and the function that drops it. */
export async function cloneTemplate(
  url: string,
  template: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${template}_c_${randomBytes(5).toString('hex')}`;
  await admin(url, (c) => c.query(`create database "${name}" template "${template}"`));
  return {
    url: databaseUrl(url, name),
    drop: () =>
      admin(url, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}
