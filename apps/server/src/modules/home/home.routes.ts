import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { getHomeDigest } from './home.service';

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.homeDigest, ({ ctx, input }) => getHomeDigest({ ctx, input: input.query }));
}
