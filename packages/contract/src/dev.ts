import { z } from 'zod';
import { defineRoute } from './route';

export const OutboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
});
export const OutboxSchema = z.object({ messages: z.array(OutboxMessageSchema) });
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** Local development only (see the dev module): never in production. */
export const devRoutes = {
  devOutbox: defineRoute({
    method: 'GET',
    path: '/v1/dev/outbox',
    access: 'public',
    summary: 'Messages kept locally while no SMTP server is configured (absent otherwise)',
    tags: ['platform'],
    response: OutboxSchema,
  }),
} as const;
