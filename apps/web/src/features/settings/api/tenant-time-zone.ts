import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** The workspace's time zone (tenants/info), which the weekly report time is converted with. */
export function tenantTimeZoneQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['tenants', 'info', scope.tenantId, scope.isDemo, 'timezone'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(routes.tenantInfo, { query: tenantQuery(scope), signal })).timezone,
    enabled: scope.tenantId !== null,
  });
}

export function useTenantTimeZone() {
  return useQuery(tenantTimeZoneQueryOptions(useTenantScope()));
}
