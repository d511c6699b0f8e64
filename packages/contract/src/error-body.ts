import { z } from 'zod';

/**
 * The body of every error answer. A module of its own (re-exported by errors.ts) so the web's pages, which
 * need the error catalogue at once, do not load zod for it.
 */
export const ErrorBodySchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
