import { dataScopeKey, dataScopeQuery, useDataScope, type DataScope } from '@/session';
import { routes, type Insight } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /v1/insights/:id. */
export function getInsight(scope: DataScope, insightId: string, signal?: AbortSignal): Promise<Insight> {
  return apiRequest(routes.getInsight, {
    params: { insight_id: insightId },
    query: dataScopeQuery(scope),
    signal,
  });
}

export function insightQueryOptions(scope: DataScope, insightId: string) {
  return queryOptions({
    queryKey: ['insights', 'insight', insightId, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getInsight(scope, insightId, signal),
  });
}

export function useInsight(insightId: string, enabled = true) {
  return useQuery({ ...insightQueryOptions(useDataScope(), insightId), enabled });
}
