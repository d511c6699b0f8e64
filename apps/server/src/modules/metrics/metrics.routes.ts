import type { FastifyInstance } from 'fastify';
import { routes, type EventDimensionId } from '@tidemark/contract';
import { addRoute } from '../../plugins/routing';
import type { TenantContext } from '../../plugins/context';
import {
  dimensionValues,
  listDimensions,
  listMetrics,
  onboardMetrics,
  replicateMetrics,
  setPipelinePreference,
} from './metrics.service';
import { getMetricDetail, metricFilters, metricImpact, metricOptions, updateMetric } from './metric-detail';

/**
 * The dimension-values route also lists the site events' dimensions (string ids); the events module sits above
 * metrics, so the app hands its reader in.
 */
export interface MetricsRouteOptions {
  eventDimensionValues(verb: {
    ctx: TenantContext;
    input: { id: EventDimensionId };
  }): Promise<{ data: string[] }>;
}

export async function metricsRoutes(app: FastifyInstance, options: MetricsRouteOptions): Promise<void> {
  addRoute(app, routes.onboardMetrics, ({ ctx, input }) => onboardMetrics({ ctx, input: input.body }));
  addRoute(app, routes.replicateMetrics, ({ ctx, input }) => replicateMetrics({ ctx, input: input.body }));
  addRoute(app, routes.setPipelinePreference, ({ ctx, input }) =>
    setPipelinePreference({ ctx, input: input.body }),
  );
  addRoute(app, routes.listMetrics, ({ ctx, input }) => listMetrics({ ctx, input: input.query }));
  addRoute(app, routes.metricOptions, ({ ctx }) => metricOptions({ ctx }));
  addRoute(app, routes.metricFilters, ({ ctx, input }) => metricFilters({ ctx, input: input.query }));
  addRoute(app, routes.getMetric, ({ ctx, input }) =>
    getMetricDetail({ ctx, input: { kpiId: input.params.kpi_id } }),
  );
  addRoute(app, routes.updateMetric, ({ ctx, input }) =>
    updateMetric({ ctx, input: { ...input.body, kpiId: input.params.kpi_id } }),
  );
  addRoute(app, routes.metricImpact, ({ ctx, input }) =>
    metricImpact({ ctx, input: { ...input.query, kpiId: input.params.kpi_id } }),
  );
  addRoute(app, routes.listDimensions, ({ ctx }) => listDimensions({ ctx }));
  addRoute(app, routes.dimensionValues, ({ ctx, input }) =>
    typeof input.params.id === 'number'
      ? dimensionValues({ ctx, input: { id: input.params.id } })
      : options.eventDimensionValues({ ctx, input: { id: input.params.id } }),
  );
}
