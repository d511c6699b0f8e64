import type { BaseContext } from '../../plugins/context';

export const VERSION = '0.1.0';

/** Answers only when the database does, so a load balancer stops sending traffic to a broken instance. */
export async function checkHealth({ ctx }: { ctx: BaseContext }) {
  await ctx.db.query('select 1');
  return { status: 'ok' as const, database: ctx.db.kind, version: VERSION };
}
