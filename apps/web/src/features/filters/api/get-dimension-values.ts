import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/metrics_hub/dimensions/:id/values. A 401 goes to /login (spec 1 §7). */
export async function getDimensionValues(
  scope: TenantScope,
  dimensionId: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = await apiRequest(routes.dimensionValues, {
    params: { id: dimensionId },
    query: tenantQuery(scope),
    signal,
  });
  return answer.data;
}

export function dimensionValuesQueryOptions(scope: TenantScope, dimensionId: number | null) {
  return queryOptions({
    queryKey: ['dimension-values', scope.tenantId, scope.isDemo, dimensionId] as const,
    queryFn: ({ signal }) => getDimensionValues(scope, dimensionId!, signal),
    enabled: scope.tenantId !== null && dimensionId !== null,
    staleTime: 60_000,
  });
}

export function useDimensionValues(dimensionId: number | null) {
  return useQuery(dimensionValuesQueryOptions(useTenantScope(), dimensionId));
}
