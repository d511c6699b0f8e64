import { EXPLORER_URL_REFRESH_MS, routes, type DataExplorerResponse } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { filterQuery, tenantQuery, type AppliedFilter, type TenantScope, scopeReady } from '@/session';

/** GET /v1/data-explorers/generate-url (spec 1 §7): the signed URL of the explorer page; 404 means none. */
export function generateExplorerUrl(
  scope: TenantScope,
  filter: AppliedFilter | null,
  signal?: AbortSignal,
): Promise<DataExplorerResponse> {
  return apiRequest(routes.generateExplorerUrl, {
    query: { ...tenantQuery(scope), ...filterQuery(filter) },
    signal,
  });
}

export function explorerUrlQueryOptions(scope: TenantScope, filter: AppliedFilter | null) {
  return queryOptions({
    queryKey: ['explorer', 'url', scope.tenantId, scope.isDemo, filter?.dim_name, filter?.dim_val] as const,
    queryFn: ({ signal }) => generateExplorerUrl(scope, filter, signal),
    enabled: scopeReady(scope),
    // A fresh URL well before the last one runs out; its token is handed to the page already open.
    refetchInterval: EXPLORER_URL_REFRESH_MS,
    refetchOnWindowFocus: false,
    staleTime: EXPLORER_URL_REFRESH_MS,
  });
}

export function useExplorerUrl(scope: TenantScope, filter: AppliedFilter | null) {
  return useQuery(explorerUrlQueryOptions(scope, filter));
}
