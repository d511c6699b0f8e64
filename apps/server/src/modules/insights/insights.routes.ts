import type { FastifyInstance } from 'fastify';
import { routes } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import * as service from './insights.service';

export async function insightsRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, routes.listGroups, ({ ctx, input }) => service.listGroups({ ctx, input: input.query }));
  addRoute(app, routes.getGroup, ({ ctx, input }) =>
    service.getGroup({ ctx, input: { id: input.params.group_id } }),
  );
  addRoute(app, routes.groupMetrics, ({ ctx, input }) =>
    service.groupMetrics({ ctx, input: { id: input.params.group_id } }),
  );
  addRoute(app, routes.groupImpact, ({ ctx, input }) =>
    service.groupImpact({ ctx, input: { id: input.params.group_id } }),
  );
  addRoute(app, routes.groupHistory, ({ ctx, input }) =>
    service.groupHistory({ ctx, input: { ...input.query, id: input.params.group_id } }),
  );
  addRoute(app, routes.listInsights, ({ ctx, input }) => service.listInsights({ ctx, input: input.query }));
  addRoute(app, routes.getInsight, ({ ctx, input }) =>
    service.getInsight({ ctx, input: { id: input.params.insight_id } }),
  );
  addRoute(app, routes.getInsightDoublePrefix, ({ ctx, input }) =>
    service.getInsight({ ctx, input: { id: input.params.insight_id } }),
  );
  addRoute(app, routes.insightRootCause, ({ ctx, input }) =>
    service.insightRootCause({ ctx, input: { id: input.params.insight_id } }),
  );
  addRoute(app, routes.annotateInsight, ({ ctx, input }) =>
    service.annotate({ ctx, input: { ...input.body, kind: 'insight', id: input.params.insight_id } }),
  );
  addRoute(app, routes.annotateGroup, ({ ctx, input }) =>
    service.annotate({ ctx, input: { ...input.body, kind: 'group', id: input.params.group_id } }),
  );
  addRoute(app, routes.moveTeamStates, ({ ctx, input }) =>
    service.moveTeamStates({ ctx, input: input.body }),
  );
  addRoute(app, routes.getInsightFeedback, ({ ctx, input }) =>
    service.getFeedback({ ctx, input: { kind: 'insight', id: input.params.insight_id } }),
  );
  addRoute(app, routes.postInsightFeedback, ({ ctx, input }) =>
    service.postFeedback({ ctx, input: { ...input.body, kind: 'insight', id: input.params.insight_id } }),
  );
  addRoute(app, routes.getGroupFeedback, ({ ctx, input }) =>
    service.getFeedback({ ctx, input: { kind: 'group', id: input.params.group_id } }),
  );
  addRoute(app, routes.postGroupFeedback, ({ ctx, input }) =>
    service.postFeedback({ ctx, input: { ...input.body, kind: 'group', id: input.params.group_id } }),
  );
}
