import { routes, type HomeDigest } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dataScopeKey, dataScopeQuery, scopeReady, type DataScope } from '@/session';

/** GET /v1/home/digest: North Star, top movers per period, open items by money, event counts. */
export function getHomeDigest(scope: DataScope, signal?: AbortSignal): Promise<HomeDigest> {
  return apiRequest(routes.homeDigest, {
    query: dataScopeQuery(scope),
    signal,
  });
}

export function homeDigestQueryOptions(scope: DataScope) {
  return queryOptions({
    queryKey: ['home', 'digest', ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getHomeDigest(scope, signal),
    staleTime: 60_000,
    enabled: scopeReady(scope),
  });
}

export function useHomeDigest(scope: DataScope) {
  return useQuery(homeDigestQueryOptions(scope));
}
