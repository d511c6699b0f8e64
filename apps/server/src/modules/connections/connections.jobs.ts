import type { JobDefinition } from '../../jobs/queue';
import type { BaseContext } from '../../plugins/context';
import { syncJob } from './sync';

export function connectionsJobs(base: BaseContext): JobDefinition<never>[] {
  return [syncJob(base) as JobDefinition<never>];
}
