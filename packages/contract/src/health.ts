import { z } from 'zod';
import { defineRoute } from './route';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'postgres']),
  version: z.string(),
});

/** The health area's calls. */
export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/v1/health',
    access: 'public',
    summary: 'Liveness and database check',
    tags: ['platform'],
    response: HealthSchema,
  }),
} as const;
