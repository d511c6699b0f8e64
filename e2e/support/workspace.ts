import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { RunningServer } from './harness';

/** One statement on the product's own embedded database, as the test's own setup or look inside. */
export async function productQuery<T extends object = Record<string, unknown>>(
  server: RunningServer,
  sql: string,
  params: unknown[] = [],
): Promise<{ rows: T[]; rowCount: number }> {
  const credentials = JSON.parse(readFileSync(path.join(server.dataDir, 'credentials.json'), 'utf8')) as {
    user: string;
    password: string;
  };
  const client = new pg.Client({
    host: path.join(server.dataDir, 'run'),
    user: credentials.user,
    password: credentials.password,
    database: 'tidemark',
  });
  await client.connect();
  try {
    const result = await client.query<T>(sql, params);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  } finally {
    await client.end();
  }
}

/**
 * Marks a signed-up user's workspace as set up, in the product's own embedded database, as finishing
 * /onboard does: the data-in tests start after it (e2e/onboard.test.ts walks onboarding itself).
 */
export async function markWorkspaceSetUp(server: RunningServer, email: string): Promise<void> {
  const updated = await productQuery(
    server,
    `update users set show_onboarding = false, user_status = 'active' where email = $1`,
    [email.toLowerCase()],
  );
  if (updated.rowCount !== 1) throw new Error(`no user ${email}`);
}

/** A store's orders export: `days` days of orders in three countries and channels, with a few bad rows. */
export function ordersExport(options: { days: number; badRows?: number }): string {
  const lines = ['Order ID,Created At,Country,Channel,Total Price,Discount'];
  const start = Date.UTC(2025, 2, 1);
  let id = 5001;
  for (let d = 0; d < options.days; d++) {
    const orders = 4 + ((d * 7) % 5);
    for (let k = 0; k < orders; k++) {
      const at = new Date(start + d * 86_400_000 + (k * 4_877 + d * 613) * 1000).toISOString();
      const country = ['US', 'DE', 'GB'][(k + d) % 3];
      const channel = ['Email', 'Direct', 'Paid Search'][(k * 2 + d) % 3];
      lines.push(
        `${id++},${at},${country},${channel},${(25 + ((k * 13 + d * 7) % 60)).toFixed(2)},${k % 4 === 0 ? '5.00' : '0.00'}`,
      );
    }
  }
  for (let i = 0; i < (options.badRows ?? 0); i++) lines.push(`${id++},not a date,US,Email,abc,0`);
  return lines.join('\n') + '\n';
}
