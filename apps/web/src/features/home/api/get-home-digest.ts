import { routes, type HomeDigest } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { filterQuery, tenantQuery, type AppliedFilter, type TenantScope } from '@/session';

export interface DigestScope extends TenantScope {
  filter: AppliedFilter | null;
}

/** GET /v1/home/digest: North Star, top movers per period, open items by money, event counts. */
export function getHomeDigest(scope: DigestScope, signal?: AbortSignal): Promise<HomeDigest> {
  return apiRequest(routes.homeDigest, {
    query: { ...tenantQuery(scope), ...filterQuery(scope.filter) },
    signal,
  });
}

export function homeDigestQueryOptions(scope: DigestScope) {
  return queryOptions({
    queryKey: [
      'home',
      'digest',
      scope.tenantId,
      scope.isDemo,
      scope.filter?.dim_name ?? null,
      scope.filter?.dim_val ?? null,
    ] as const,
    queryFn: ({ signal }) => getHomeDigest(scope, signal),
    staleTime: 60_000,
    enabled: scope.tenantId !== null || scope.isDemo,
  });
}

export function useHomeDigest(scope: DigestScope) {
  return useQuery(homeDigestQueryOptions(scope));
}
