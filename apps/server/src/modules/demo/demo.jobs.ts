import { defineJob, type JobDefinition } from '../../jobs/queue';
import type { BaseContext } from '../../plugins/context';
import { loadDemoSiteTraffic } from './demo-site.service';
import { loadSampleStore } from './demo.service';
import * as repo from './demo.repository';

export const DEMO_LOAD_JOB = 'demo.load-sample-store';
export const DEMO_SITE_JOB = 'demo.load-site-traffic';

export function demoJobs(base: BaseContext): JobDefinition<never>[] {
  return [
    defineJob<{ tenantId: number }>({
      name: DEMO_LOAD_JOB,
      policy: 'stately',
      retryLimit: 3,
      async handler(job) {
        await loadSampleStore({ ctx: base, input: { tenantId: job.data.tenantId } });
      },
    }) as JobDefinition<never>,
    defineJob<{ tenantId: number }>({
      name: DEMO_SITE_JOB,
      policy: 'stately',
      retryLimit: 3,
      async handler(job) {
        await loadDemoSiteTraffic(base, { tenantId: job.data.tenantId });
      },
    }) as JobDefinition<never>,
  ];
}

/** On start: every demo workspace without data gets the sample store (once; the job checks again). */
export async function requestDemoData(base: BaseContext): Promise<void> {
  for (const tenantId of await repo.demoTenantIds(base.db)) {
    if (!(await repo.hasSiteEvents(base.db, tenantId))) {
      await base.jobs.send(DEMO_SITE_JOB, { tenantId }, { singletonKey: `demo-site:${tenantId}` });
    }
    if (await repo.hasConnections(base.db, tenantId)) continue;
    await base.jobs.send(DEMO_LOAD_JOB, { tenantId }, { singletonKey: `demo:${tenantId}` });
  }
}
