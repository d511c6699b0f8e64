import { routes, type GlobalFilter } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/feed/filters: the workspace's saved filters, the default first. A 401 goes to /login. */
export async function getGlobalFilters(scope: TenantScope, signal?: AbortSignal): Promise<GlobalFilter[]> {
  return (await apiRequest(routes.listGlobalFilters, { query: tenantQuery(scope), signal })).data;
}

export function globalFiltersQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['global-filters', scope.tenantId, scope.isDemo] as const,
    queryFn: ({ signal }) => getGlobalFilters(scope, signal),
    enabled: scope.tenantId !== null,
    staleTime: 60_000,
  });
}

export function useGlobalFilters(options: { enabled?: boolean } = {}) {
  const scope = useTenantScope();
  const base = globalFiltersQueryOptions(scope);
  return useQuery({ ...base, enabled: base.enabled !== false && options.enabled !== false });
}
