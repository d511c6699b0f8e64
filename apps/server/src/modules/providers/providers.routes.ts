import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { listProviders } from './providers.service';

export async function providersRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.listProviders, ({ ctx }) => listProviders({ ctx }));
}
