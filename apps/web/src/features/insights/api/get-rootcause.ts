import { routes, type RootCause } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, dataScopeKey, type DataScope } from '@/session';

/** GET /v1/insights/:id/rootcause. */
export function getRootCause(scope: DataScope, insightId: string, signal?: AbortSignal): Promise<RootCause> {
  return apiRequest(routes.insightRootCause, {
    params: { insight_id: insightId },
    query: tenantQuery(scope),
    signal,
  });
}

export function rootCauseQueryOptions(scope: DataScope, insightId: string) {
  return queryOptions({
    queryKey: ['insights', 'rootcause', insightId, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getRootCause(scope, insightId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useRootCause(scope: DataScope, insightId: string) {
  return useQuery(rootCauseQueryOptions(scope, insightId));
}
