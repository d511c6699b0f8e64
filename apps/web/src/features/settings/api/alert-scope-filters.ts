import { routes, type GlobalFilter } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/**
 * GET /v1/feed/filters: the workspace's saved global filters, which an alert scope picks from. The key sits
 * under the filters area's own, so creating or deleting a filter refreshes this list too.
 */
export function alertScopeFiltersQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['global-filters', scope.tenantId, scope.isDemo, 'alert-scope'] as const,
    queryFn: async ({ signal }): Promise<GlobalFilter[]> =>
      (await apiRequest(routes.listGlobalFilters, { query: tenantQuery(scope), signal })).data,
    enabled: scope.tenantId !== null,
    staleTime: 60_000,
  });
}

export function useAlertScopeFilters() {
  return useQuery(alertScopeFiltersQueryOptions(useTenantScope()));
}
