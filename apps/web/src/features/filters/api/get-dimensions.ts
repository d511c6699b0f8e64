import { routes, type Dimension } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/metrics_hub/dimensions: what a filter can segment by. */
export async function getDimensions(scope: TenantScope, signal?: AbortSignal): Promise<Dimension[]> {
  return (await apiRequest(routes.listDimensions, { query: tenantQuery(scope), signal })).data;
}

export function dimensionsQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['dimensions', scope.tenantId, scope.isDemo] as const,
    queryFn: ({ signal }) => getDimensions(scope, signal),
    enabled: scope.tenantId !== null,
    staleTime: 60_000,
  });
}

export function useDimensions(options: { enabled?: boolean } = {}) {
  const base = dimensionsQueryOptions(useTenantScope());
  return useQuery({ ...base, enabled: base.enabled !== false && options.enabled !== false });
}
