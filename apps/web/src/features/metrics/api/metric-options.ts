import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery } from '@/session';
import { scopeKey, type HubScope } from '../utils/hub-scope';

/** GET /v1/metrics_hub/metrics/options: the funnels and categories a metric can be filed under. */
function getMetricOptions(scope: HubScope, signal?: AbortSignal) {
  return apiRequest(routes.metricOptions, { query: tenantQuery(scope), signal });
}

function metricOptionsQueryOptions(scope: HubScope) {
  return queryOptions({
    queryKey: ['metrics', 'options', ...scopeKey(scope)] as const,
    queryFn: ({ signal }) => getMetricOptions(scope, signal),
    staleTime: 60_000,
  });
}

export function useMetricOptions(scope: HubScope, enabled = true) {
  return useQuery({ ...metricOptionsQueryOptions(scope), enabled });
}
