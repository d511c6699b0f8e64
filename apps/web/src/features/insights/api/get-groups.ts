import { routes } from '@tidemark/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { scopeKey, scopeQuery, useInsightsScope, type InsightsScope } from './scope';

export type GroupsPage = ResponseOf<typeof routes.listGroups>;

/** GET /v1/insights/groups: one page of the feed. */
export function getGroups(
  scope: InsightsScope,
  input: { page: number; start_time: string; end_time: string },
  signal?: AbortSignal,
): Promise<GroupsPage> {
  return apiRequest(routes.listGroups, {
    query: {
      ...scopeQuery(scope),
      page_num: input.page,
      start_time: input.start_time,
      end_time: input.end_time,
    },
    signal,
  });
}

/** The feed ends when a page holds fewer than one group (spec 3 §4). */
export function nextGroupsPage(last: GroupsPage, _all: GroupsPage[], lastPage: number): number | undefined {
  return last.generated_groups_count < 1 || last.groups.length === 0 ? undefined : lastPage + 1;
}

export function groupsQueryOptions(scope: InsightsScope, window: { start_time: string; end_time: string }) {
  return infiniteQueryOptions({
    // The window and the scope are in the key: changing either starts again at page 1 with no rows.
    queryKey: ['insights', 'groups', ...scopeKey(scope), window.start_time, window.end_time] as const,
    queryFn: ({ pageParam, signal }) => getGroups(scope, { page: pageParam, ...window }, signal),
    initialPageParam: 1,
    getNextPageParam: nextGroupsPage,
    enabled: scope.tenantId !== null || scope.isDemo,
  });
}

export function useGroups(window: { start_time: string; end_time: string }) {
  return useInfiniteQuery(groupsQueryOptions(useInsightsScope(), window));
}
