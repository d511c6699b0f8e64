import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteDef } from '@tidemark/contract';
import type { z } from 'zod';
import { ErrorBodySchema } from '@tidemark/contract';
import { baseContext, type BaseContext, type SessionContext, type TenantContext } from './context';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<T extends RouteDef> {
  params: Out<T['params']>;
  query: Out<T['query']>;
  body: Out<T['body']>;
}

type ContextFor<T extends RouteDef> = T['access'] extends 'tenant' | 'operator'
  ? TenantContext
  : T['access'] extends 'session'
    ? SessionContext
    : BaseContext & { user: SessionContext['user'] | null };

export type Handler<T extends RouteDef> = (args: {
  ctx: ContextFor<T>;
  input: RouteInput<T>;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<T['response'] extends z.ZodType ? z.input<T['response']> : unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteDef['access'];
  }
  interface FastifyInstance {
    /** Every contract route this app serves; the isolation test walks it. */
    routeTable: RouteDef[];
    registeredRoutes: Array<{ method: string; url: string; access: RouteDef['access'] | undefined }>;
  }
}

const errorResponses = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/** Registers a contract route: its schemas validate the request and the response, its access rule guards it. */
export function addRoute<T extends RouteDef>(
  app: FastifyInstance,
  def: T,
  handler: Handler<T>,
  options: { rateLimit?: { max: number; timeWindow: string } } = {},
): void {
  app.routeTable.push(def);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    config: { access: def.access, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    schema: {
      summary: def.summary,
      tags: [...def.tags],
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      // Multipart bodies are streamed; the handler reads them with readUpload against the same schema.
      ...(def.body && !def.multipart ? { body: def.body } : {}),
      ...(def.multipart ? { consumes: ['multipart/form-data', 'application/json'] } : {}),
      ...(def.response ? { response: { 200: def.response, ...errorResponses } } : {}),
      ...(def.access !== 'public' ? { security: securityOf(def) } : {}),
    },
    handler: async (request, reply) => {
      const base = baseContext(app, request.log);
      const ctx = { ...base, user: request.user, tenantId: request.tenantId, isDemo: request.isDemo };
      const input = { params: request.params, query: request.query, body: request.body } as RouteInput<T>;
      return handler({ ctx: ctx as ContextFor<T>, input, request, reply });
    },
  });
}

/** OpenAPI security of a route: a session always; an API key too on tenant-scoped reads (auth.ts). */
function securityOf(def: RouteDef): Array<Record<string, string[]>> {
  return def.access === 'tenant' && def.method === 'GET'
    ? [{ session: [] }, { bearer: [] }]
    : [{ session: [] }];
}
