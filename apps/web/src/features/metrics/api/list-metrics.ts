import { dataScopeQuery, dataScopeKey, type DataScope, scopeReady } from '@/session';
import { routes, type MetricListRow } from '@tidemark/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MetricsTableState } from '../utils/table-state';

interface MetricsPage {
  rows: MetricListRow[];
  count: number;
}

/** GET /v1/metrics_hub/metrics: one page of the list, sorted and filtered on the server. */
function getMetrics(scope: DataScope, state: MetricsTableState, signal?: AbortSignal): Promise<MetricsPage> {
  return apiRequest(routes.listMetrics, {
    query: {
      ...dataScopeQuery(scope),
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

export function metricsQueryOptions(scope: DataScope, state: MetricsTableState) {
  return queryOptions({
    queryKey: ['metrics', 'list', ...dataScopeKey(scope), state] as const,
    queryFn: ({ signal }) => getMetrics(scope, state, signal),
    // The current rows stay on screen (dimmed) while the next page or sort loads.
    placeholderData: keepPreviousData,
    enabled: scopeReady(scope),
  });
}

export function useMetrics(scope: DataScope, state: MetricsTableState) {
  return useQuery(metricsQueryOptions(scope, state));
}
