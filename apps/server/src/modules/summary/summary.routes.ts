import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import { histogram, patterns, pipelineStats, summary, summaryInfo, topMetric } from './summary.service';

export async function summaryRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.insightsSummary, ({ ctx, input }) => summary({ ctx, input: input.query }));
  addRoute(app, routes.insightsSummaryInfo, ({ ctx, input }) => summaryInfo({ ctx, input: input.query }));
  addRoute(app, routes.insightsSummaryHistogram, ({ ctx, input }) => histogram({ ctx, input: input.query }));
  addRoute(app, routes.feedSummaryHistogram, ({ ctx, input }) => histogram({ ctx, input: input.query }));
  addRoute(app, routes.feedSummaryPipelineStats, ({ ctx }) => pipelineStats({ ctx }));
  addRoute(app, routes.feedSummaryTopMetric, ({ ctx, input }) => topMetric({ ctx, input: input.query }));
  addRoute(app, routes.feedSummaryPatterns, ({ ctx, input }) => patterns({ ctx, input: input.query }));
}
