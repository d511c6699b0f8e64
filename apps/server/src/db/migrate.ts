import type { Db } from './client';
import { distributeSchema } from './citus';
import { migrations } from './migrations';

// Any constant works: it only has to be the same for every process that migrates this database.
const MIGRATION_LOCK = 7_344_201;

/**
 * Applies pending migrations in one transaction, so a failure leaves the schema as it was.
 * Processes starting together wait on a transaction-scoped advisory lock. On Citus the new tables are
 * then distributed (citus.ts).
 */
export async function migrate(db: Db): Promise<string[]> {
  const applied = await applyMigrations(db);
  await distributeSchema(db);
  return applied;
}

async function applyMigrations(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await tx.query<{ id: string }>('select id from schema_migrations')).map((r) => r.id),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (id) values ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}

/** Splits a migration on statement-ending semicolons; migrations keep to plain DDL (no function bodies). */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}
