import { defineJob, type JobDefinition } from '../../jobs/queue';
import type { BaseContext } from '../../plugins/context';
import {
  LINK_JOB,
  POLL_DUE_JOB,
  POLL_PROVIDER_JOB,
  dueProviderUuids,
  linkRecentOutages,
  pollProvider,
} from './outages.service';
import { linkTenantOutages } from './links';

/** The poller's schedule (every minute it sends the due providers) and the link sweep's. */
export async function scheduleOutageJobs(base: BaseContext): Promise<void> {
  // Links are rerun as the workspace's own signals arrive (insights come after pipelines), polling or not.
  await base.jobs.upsertSchedule({
    key: LINK_JOB,
    name: LINK_JOB,
    cron: '*/10 * * * *',
    timezone: 'Etc/UTC',
    data: {},
  });
  if (!base.config.pollStatusPages) return;
  await base.jobs.upsertSchedule({
    key: POLL_DUE_JOB,
    name: POLL_DUE_JOB,
    cron: '* * * * *',
    timezone: 'Etc/UTC',
    data: {},
  });
}

export function outagesJobs(base: BaseContext): JobDefinition<never>[] {
  return [
    defineJob<Record<string, never>>({
      name: POLL_DUE_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 2,
      async handler() {
        for (const providerUuid of await dueProviderUuids(base)) {
          await base.jobs.send(
            POLL_PROVIDER_JOB,
            { providerUuid },
            { singletonKey: `${POLL_PROVIDER_JOB}:${providerUuid}` },
          );
        }
      },
    }) as JobDefinition<never>,
    defineJob<{ providerUuid: string }>({
      name: POLL_PROVIDER_JOB,
      policy: 'stately',
      // Several providers at once; requests to one host are limited apart (status-fetch.ts).
      concurrency: 4,
      retryLimit: 3,
      retryDelay: 30,
      expireInSeconds: 120,
      async handler(job) {
        const outcome = await pollProvider(base, { providerUuid: job.data.providerUuid, signal: job.signal });
        if (outcome.groups > 0) await base.jobs.send(LINK_JOB, {}, { singletonKey: LINK_JOB });
      },
    }) as JobDefinition<never>,
    defineJob<{ tenantId?: number }>({
      name: LINK_JOB,
      policy: 'stately',
      concurrency: 1,
      retryLimit: 3,
      async handler(job) {
        if (job.data.tenantId) await linkTenantOutages(base.db, job.data.tenantId);
        else await linkRecentOutages(base);
      },
    }) as JobDefinition<never>,
  ];
}
