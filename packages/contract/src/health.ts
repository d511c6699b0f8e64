import { z } from 'zod';
import { defineRoute } from './route';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'postgres']),
  version: z.string(),
  /**
   * Whether background work keeps up: 'behind' when a due job or schedule has waited over ten minutes with
   * nothing of its queue running (no worker is serving it). The API itself still answers: the call stays 200.
   */
  jobs: z.object({
    status: z.enum(['ok', 'behind']),
    oldest_waiting_seconds: z.number().nullable(),
  }),
});

/** The health area's calls. */
export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/v1/health',
    access: 'public',
    summary: 'Liveness, database and background-work check',
    tags: ['platform'],
    response: HealthSchema,
  }),
} as const;
