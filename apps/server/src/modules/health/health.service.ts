import type { BaseContext } from '../../plugins/context';

export const VERSION = '0.1.0';

/**
 * Answers only when the database does, so a load balancer stops sending traffic to a broken instance.
 * Jobs that fall behind are reported, not failed: requests are still served, and an operator (or a
 * monitor reading `jobs.status`) sees that the workers are gone or stuck.
 */
export async function checkHealth({ ctx }: { ctx: BaseContext }) {
  const lag = await ctx.jobs.lag();
  return {
    status: 'ok' as const,
    database: ctx.db.kind,
    version: VERSION,
    jobs: {
      status: lag.status,
      oldest_waiting_seconds: lag.oldestWaitingSeconds === null ? null : Math.round(lag.oldestWaitingSeconds),
    },
  };
}
