import { routes, type Group } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { scopeKey, scopeQuery, useInsightsScope, type InsightsScope } from './scope';

/** GET /v1/insights/groups/:id. */
export function getGroup(scope: InsightsScope, groupId: string, signal?: AbortSignal): Promise<Group> {
  return apiRequest(routes.getGroup, { params: { group_id: groupId }, query: scopeQuery(scope), signal });
}

export function groupQueryOptions(scope: InsightsScope, groupId: string) {
  return queryOptions({
    queryKey: ['insights', 'group', groupId, ...scopeKey(scope)] as const,
    queryFn: ({ signal }) => getGroup(scope, groupId, signal),
  });
}

export function useGroup(groupId: string, enabled = true) {
  return useQuery({ ...groupQueryOptions(useInsightsScope(), groupId), enabled });
}
