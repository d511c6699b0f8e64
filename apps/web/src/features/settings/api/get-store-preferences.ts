import { routes, type StorePreferences } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope, scopeReady } from '@/session';

/** GET /v1/orgs/{org}/preferences: a store's currency, time zone, forecast switch and event providers. */
export function storePreferencesQueryOptions(scope: TenantScope, orgUuid: string | null) {
  return queryOptions({
    queryKey: ['orgs', orgUuid, 'preferences', scope.tenantId, scope.isDemo] as const,
    queryFn: ({ signal }): Promise<StorePreferences> =>
      apiRequest(routes.storePreferences, {
        params: { org_uuid: orgUuid ?? '' },
        query: tenantQuery(scope),
        signal,
      }),
    enabled: orgUuid !== null && scopeReady(scope),
  });
}

export function useStorePreferences(orgUuid: string | null) {
  return useQuery(storePreferencesQueryOptions(useTenantScope(), orgUuid));
}
