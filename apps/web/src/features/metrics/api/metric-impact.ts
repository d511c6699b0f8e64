import { dataScopeQuery, dataScopeKey, type DataScope } from '@/session';
import { routes, type MetricImpact } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ImpactRequest {
  /** Spec 3 §2: cards compare weeks on the daily series; the metric page asks for the absolute movement. */
  schedule: 'h' | 'd' | 'w' | 'm';
  impactType: 'absolute' | 'relative';
}

/** GET /v1/metrics_hub/metrics/:kpi_id/impact: the last seven days against the seven before. */
function getMetricImpact(
  scope: DataScope,
  kpiId: string,
  request: ImpactRequest,
  signal?: AbortSignal,
): Promise<MetricImpact> {
  return apiRequest(routes.metricImpact, {
    params: { kpi_id: kpiId },
    query: { ...dataScopeQuery(scope), pipeline_schedule: request.schedule, impact_type: request.impactType },
    signal,
  });
}

function metricImpactQueryOptions(scope: DataScope, kpiId: string, request: ImpactRequest) {
  return queryOptions({
    queryKey: ['metrics', 'impact', ...dataScopeKey(scope), kpiId, request] as const,
    queryFn: ({ signal }) => getMetricImpact(scope, kpiId, request, signal),
    staleTime: 60_000,
  });
}

export function useMetricImpact(scope: DataScope, kpiId: string, request: ImpactRequest) {
  return useQuery(metricImpactQueryOptions(scope, kpiId, request));
}
