import { randomBytes } from 'node:crypto';
import type { Db } from './client';

/**
 * A cookie-signing secret shared by every process on this database, made once when none is configured (the
 * first process to write it wins). Infrastructure under every module: sessions, chart links and
 * unsubscribe links sign with it.
 */
export async function sessionSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query(
    `insert into app_settings (key, value) values ('session_secret', $1) on conflict (key) do nothing`,
    [randomBytes(32).toString('base64url')],
  );
  const [row] = await db.query<{ value: string }>(
    `select value from app_settings where key = 'session_secret'`,
  );
  return row!.value;
}
