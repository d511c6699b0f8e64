import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { eventReports } from './reports.service';

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.eventReports, ({ ctx, input }) => eventReports({ ctx, input: input.query }));
}
