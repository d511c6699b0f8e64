import { routes, type Insight } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { scopeKey, scopeQuery, useInsightsScope, type InsightsScope } from './scope';

/** GET /v1/insights/:id. */
export function getInsight(scope: InsightsScope, insightId: string, signal?: AbortSignal): Promise<Insight> {
  return apiRequest(routes.getInsight, {
    params: { insight_id: insightId },
    query: scopeQuery(scope),
    signal,
  });
}

export function insightQueryOptions(scope: InsightsScope, insightId: string) {
  return queryOptions({
    queryKey: ['insights', 'insight', insightId, ...scopeKey(scope)] as const,
    queryFn: ({ signal }) => getInsight(scope, insightId, signal),
  });
}

export function useInsight(insightId: string, enabled = true) {
  return useQuery({ ...insightQueryOptions(useInsightsScope(), insightId), enabled });
}
