import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, dataScopeKey, type DataScope } from '@/session';

/** GET /v1/metrics_hub/metrics/options: the funnels and categories a metric can be filed under. */
function getMetricOptions(scope: DataScope, signal?: AbortSignal) {
  return apiRequest(routes.metricOptions, { query: tenantQuery(scope), signal });
}

function metricOptionsQueryOptions(scope: DataScope) {
  return queryOptions({
    queryKey: ['metrics', 'options', ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getMetricOptions(scope, signal),
    staleTime: 60_000,
  });
}

export function useMetricOptions(scope: DataScope, enabled = true) {
  return useQuery({ ...metricOptionsQueryOptions(scope), enabled });
}
