import { routes, type TenantInfo } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope, scopeReady } from '@/session';

/** GET /v1/tenants/info: currency, time zone, forecast setting, latest digest and insight times. */
export function getTenantInfo(scope: TenantScope, signal?: AbortSignal): Promise<TenantInfo> {
  return apiRequest(routes.tenantInfo, { query: tenantQuery(scope), signal });
}

export function tenantInfoQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['tenants', 'info', scope.tenantId, scope.isDemo] as const,
    queryFn: ({ signal }) => getTenantInfo(scope, signal),
    // An empty workspace is re-read on every screen, so the first metrics show as soon as they exist.
    staleTime: (query) => (query.state.data?.needs_data ? 0 : 60_000),
    enabled: scopeReady(scope),
  });
}

export function useTenantInfo() {
  return useQuery(tenantInfoQueryOptions(useTenantScope()));
}
