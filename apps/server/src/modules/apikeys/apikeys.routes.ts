import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { createApiToken, listApiTokens, revokeApiToken } from './apikeys.service';

export async function apiKeysRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.createApiToken, ({ ctx, input }) => createApiToken({ ctx, input: input.body }));
  addRoute(app, routes.listApiTokens, ({ ctx }) => listApiTokens({ ctx }));
  addRoute(app, routes.revokeApiToken, ({ ctx, input }) =>
    revokeApiToken({ ctx, input: { id: input.params.id } }),
  );
}
