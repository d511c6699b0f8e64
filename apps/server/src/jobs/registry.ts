import type { BaseContext } from '../plugins/context';
import { connectionsJobs } from '../modules/connections';
import { demoJobs } from '../modules/demo';
import { eventsJobs } from '../modules/events';
import { experienceJobs } from '../modules/experience';
import { notificationJobs } from '../modules/notifications';
import { outagesJobs } from '../modules/outages';
import { pipelineJobs } from '../modules/pipelines';
import { seriesJobs } from '../modules/series';
import type { JobDefinition } from './queue';

/** Every area's jobs; each module exports a function that builds its definitions from the shared context. */
export function jobDefinitions(ctx: BaseContext): JobDefinition<never>[] {
  return [
    ...connectionsJobs(ctx),
    ...seriesJobs(ctx),
    ...pipelineJobs(ctx),
    ...experienceJobs(ctx),
    ...demoJobs(ctx),
    ...eventsJobs(ctx),
    ...notificationJobs(ctx),
    ...outagesJobs(ctx),
  ];
}
