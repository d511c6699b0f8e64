import { defineJob, type JobDefinition } from '../../jobs/queue';
import type { BaseContext } from '../../plugins/context';
import { NOTIFICATION_CHANNELS } from './channel';
import './channels';
import {
  DELIVERY_RETRY_LIMIT,
  deliverJobName,
  deliverNotification,
  DISPATCH_JOB,
  dispatchDue,
} from './delivery';
import { DIGEST_JOB, sendDueDigests } from './digests';

/**
 * One delivery queue per channel, so a provider that is down or slow holds up only its own messages;
 * dispatch hands due outbox rows to them; digests look every five minutes for summaries due somewhere.
 */
export function notificationJobs(base: BaseContext): JobDefinition<never>[] {
  return [
    ...NOTIFICATION_CHANNELS.map(
      (channel) =>
        defineJob<{ tenantId: number; notificationId: string }>({
          name: deliverJobName(channel),
          concurrency: 2,
          retryLimit: DELIVERY_RETRY_LIMIT,
          retryDelay: base.config.notificationRetrySeconds,
          expireInSeconds: 300,
          async handler(job) {
            await deliverNotification(base, {
              tenantId: job.data.tenantId,
              notificationId: job.data.notificationId,
              finalAttempt: job.retryCount >= DELIVERY_RETRY_LIMIT,
            });
          },
        }) as JobDefinition<never>,
    ),
    defineJob<Record<string, never>>({
      name: DISPATCH_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 5,
      retryDelay: 5,
      async handler() {
        await dispatchDue(base);
      },
    }) as JobDefinition<never>,
    defineJob<Record<string, never>>({
      name: DIGEST_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 3,
      retryDelay: 30,
      async handler() {
        await sendDueDigests(base);
      },
    }) as JobDefinition<never>,
  ];
}

export async function scheduleNotificationJobs(ctx: BaseContext): Promise<void> {
  await ctx.jobs.upsertSchedule({
    key: DISPATCH_JOB,
    name: DISPATCH_JOB,
    cron: '* * * * *',
    timezone: 'Etc/UTC',
    data: {},
  });
  await ctx.jobs.upsertSchedule({
    key: DIGEST_JOB,
    name: DIGEST_JOB,
    cron: '*/5 * * * *',
    timezone: 'Etc/UTC',
    data: {},
  });
}
