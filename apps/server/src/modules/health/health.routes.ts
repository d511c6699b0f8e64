import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { checkHealth } from './health.service';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.health, ({ ctx }) => checkHealth({ ctx }));
}
