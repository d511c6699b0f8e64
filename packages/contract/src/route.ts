import type { z } from 'zod';

/**
 * Who may call a route:
 * - public: anyone;
 * - session: a signed-in user, no tenant involved;
 * - tenant: a signed-in user authorised for the tenant in `tenant_id` (or their own);
 * - operator: a member of the all-customers tenant.
 */
export type Access = 'public' | 'session' | 'tenant' | 'operator';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** Fastify-style path under the server root, e.g. `/v1/flags/:flag`. */
  path: string;
  access: Access;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** JSON answer for 200; absent for browser navigations that answer with a redirect. */
  response?: z.ZodType;
  redirect?: true;
  /** The body is multipart/form-data (file uploads); `body` then describes its text fields. */
  multipart?: true;
}

// Marked pure so a bundle drops the route objects (and their schemas) it never reads (apps/web/vite.config.ts).
export const defineRoute = /* @__NO_SIDE_EFFECTS__ */ <const T extends RouteDef>(route: T): T => route;
