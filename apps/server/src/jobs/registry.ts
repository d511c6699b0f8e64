import type { BaseContext } from '../plugins/context';
import type { JobDefinition } from './queue';

/** Every area's jobs; each module exports a function that builds its definitions from the shared context. */
export function jobDefinitions(_ctx: BaseContext): JobDefinition<never>[] {
  return [];
}
