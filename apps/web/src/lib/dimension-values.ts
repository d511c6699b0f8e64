import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { scopeReady, tenantQuery, useTenantScope, type TenantScope } from '@/session';
import { apiRequest } from './api-client';

/**
 * GET /v1/metrics_hub/dimensions/:id/values, the one query (and key) for a dimension's values: the filter
 * form and the events Timeline card share its cache. The server spells a null value 'null' (spec 2 §7).
 */
export function dimensionValuesQueryOptions(scope: TenantScope, dimensionId: number | string | null) {
  return queryOptions({
    queryKey: [
      'dimension-values',
      scope.tenantId,
      scope.isDemo,
      dimensionId === null ? null : String(dimensionId),
    ] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(routes.dimensionValues, {
          params: { id: dimensionId! },
          query: tenantQuery(scope),
          signal,
        })
      ).data,
    enabled: scopeReady(scope) && dimensionId !== null,
    staleTime: 60_000,
  });
}

export function useDimensionValues(dimensionId: number | string | null) {
  return useQuery(dimensionValuesQueryOptions(useTenantScope(), dimensionId));
}
