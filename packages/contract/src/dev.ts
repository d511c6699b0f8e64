import { z } from 'zod';
import { defineRoute } from './route';

export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
  /** The message as a mail client shows it (inline images included), for messages that have HTML. */
  view_url: z.string().nullable(),
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
  devOutboxMessage: defineRoute({
    method: 'GET',
    path: '/v1/dev/outbox/:id',
    access: 'public',
    summary: 'One message of the local outbox as HTML, as a mail client would show it (absent otherwise)',
    tags: ['platform'],
    params: z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a message id') }),
  }),
} as const;
