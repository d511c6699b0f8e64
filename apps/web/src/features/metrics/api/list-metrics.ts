import { routes, type MetricListRow } from '@tidemark/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MetricsTableState } from '../utils/table-state';
import { hubQuery, scopeKey, type HubScope } from '../utils/hub-scope';

interface MetricsPage {
  rows: MetricListRow[];
  count: number;
}

/** GET /v1/metrics_hub/metrics: one page of the list, sorted and filtered on the server. */
function getMetrics(scope: HubScope, state: MetricsTableState, signal?: AbortSignal): Promise<MetricsPage> {
  return apiRequest(routes.listMetrics, {
    query: {
      ...hubQuery(scope),
      page_num: state.page,
      count: state.count,
      sort_by: state.sortBy,
      order: state.order,
      is_active: state.isActive ? 'true' : 'false',
      ...state.filters,
    },
    signal,
  });
}

export function metricsQueryOptions(scope: HubScope, state: MetricsTableState) {
  return queryOptions({
    queryKey: ['metrics', 'list', ...scopeKey(scope), state] as const,
    queryFn: ({ signal }) => getMetrics(scope, state, signal),
    // The current rows stay on screen (dimmed) while the next page or sort loads.
    placeholderData: keepPreviousData,
    enabled: scope.tenantId !== null || scope.isDemo,
  });
}

export function useMetrics(scope: HubScope, state: MetricsTableState) {
  return useQuery(metricsQueryOptions(scope, state));
}
