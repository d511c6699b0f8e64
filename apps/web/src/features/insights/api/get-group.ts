import { dataScopeKey, dataScopeQuery, useDataScope, type DataScope } from '@/session';
import { routes, type Group } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /v1/insights/groups/:id. */
export function getGroup(scope: DataScope, groupId: string, signal?: AbortSignal): Promise<Group> {
  return apiRequest(routes.getGroup, { params: { group_id: groupId }, query: dataScopeQuery(scope), signal });
}

export function groupQueryOptions(scope: DataScope, groupId: string) {
  return queryOptions({
    queryKey: ['insights', 'group', groupId, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getGroup(scope, groupId, signal),
  });
}

export function useGroup(groupId: string, enabled = true) {
  return useQuery({ ...groupQueryOptions(useDataScope(), groupId), enabled });
}
