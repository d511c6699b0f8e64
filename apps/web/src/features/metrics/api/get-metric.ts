import { routes, type MetricDetail } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { hubQuery, scopeKey, type HubScope } from '../utils/hub-scope';

/** GET /v1/metrics_hub/metrics/:kpi_id. */
function getMetric(scope: HubScope, kpiId: string, signal?: AbortSignal): Promise<MetricDetail> {
  return apiRequest(routes.getMetric, { params: { kpi_id: kpiId }, query: hubQuery(scope), signal });
}

function metricQueryOptions(scope: HubScope, kpiId: string) {
  return queryOptions({
    queryKey: ['metrics', 'detail', ...scopeKey(scope), kpiId] as const,
    queryFn: ({ signal }) => getMetric(scope, kpiId, signal),
    enabled: scope.tenantId !== null || scope.isDemo,
  });
}

export function useMetric(scope: HubScope, kpiId: string) {
  return useQuery(metricQueryOptions(scope, kpiId));
}
