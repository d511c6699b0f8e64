import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, dataScopeKey, type DataScope } from '@/session';

import type { FilterColumn } from '../utils/table-state';

/** GET /v1/metrics_hub/metrics/filters: the values of one column, for its filter. */
function getMetricFilterValues(scope: DataScope, name: FilterColumn, signal?: AbortSignal) {
  return apiRequest(routes.metricFilters, { query: { ...tenantQuery(scope), name }, signal });
}

function metricFilterValuesQueryOptions(scope: DataScope, name: FilterColumn) {
  return queryOptions({
    queryKey: ['metrics', 'filters', ...dataScopeKey(scope), name] as const,
    queryFn: ({ signal }) => getMetricFilterValues(scope, name, signal),
    staleTime: 60_000,
  });
}

/** Loaded when the column's filter opens, not with the table. */
export function useMetricFilterValues(scope: DataScope, name: FilterColumn, enabled: boolean) {
  return useQuery({ ...metricFilterValuesQueryOptions(scope, name), enabled });
}
