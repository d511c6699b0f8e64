import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { patternSeries, patternSeriesOverlays } from './series.service';

export async function seriesRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.patternSeries, ({ ctx, input }) => patternSeries({ ctx, input: input.query }));
  addRoute(app, routes.patternSeriesOverlays, ({ ctx, input }) =>
    patternSeriesOverlays({ ctx, input: input.query }),
  );
}
