import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { trackFromWeb } from './analytics.service';

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.trackEvent, ({ ctx, input }) =>
    trackFromWeb({ ctx, input: { ...input.body, isDemo: input.query.is_demo === true } }),
  );
}
