import { dataScopeQuery, dataScopeKey, type DataScope, scopeReady } from '@/session';
import { routes, type MetricDetail } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /v1/metrics_hub/metrics/:kpi_id. */
function getMetric(scope: DataScope, kpiId: string, signal?: AbortSignal): Promise<MetricDetail> {
  return apiRequest(routes.getMetric, { params: { kpi_id: kpiId }, query: dataScopeQuery(scope), signal });
}

function metricQueryOptions(scope: DataScope, kpiId: string) {
  return queryOptions({
    queryKey: ['metrics', 'detail', ...dataScopeKey(scope), kpiId] as const,
    queryFn: ({ signal }) => getMetric(scope, kpiId, signal),
    enabled: scopeReady(scope),
  });
}

export function useMetric(scope: DataScope, kpiId: string) {
  return useQuery(metricQueryOptions(scope, kpiId));
}
