import { dataScopeKey, dataScopeQuery, useDataScope, type DataScope, scopeReady } from '@/session';
import { routes, type TeamState } from '@tidemark/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';

export type GroupsPage = ResponseOf<typeof routes.listGroups>;

/** The feed's window, and which team feed it lists (Open unless the Resolved or Flagged one is chosen). */
export interface GroupsWindow {
  start_time: string;
  end_time: string;
  team_state?: TeamState;
}

/** GET /v1/insights/groups: one page of the feed. */
export function getGroups(
  scope: DataScope,
  input: GroupsWindow & { page: number },
  signal?: AbortSignal,
): Promise<GroupsPage> {
  return apiRequest(routes.listGroups, {
    query: {
      ...dataScopeQuery(scope),
      page_num: input.page,
      start_time: input.start_time,
      end_time: input.end_time,
      // The Open feed is the server's default: its calls stay as they were.
      ...(input.team_state && input.team_state !== 'Open' ? { team_state: input.team_state } : {}),
    },
    signal,
  });
}

/** The feed ends when a page holds fewer than one group (spec 3 §4). */
export function nextGroupsPage(last: GroupsPage, _all: GroupsPage[], lastPage: number): number | undefined {
  return last.generated_groups_count < 1 || last.groups.length === 0 ? undefined : lastPage + 1;
}

export function groupsQueryOptions(scope: DataScope, window: GroupsWindow) {
  const state = window.team_state ?? 'Open';
  return infiniteQueryOptions({
    // The window, the team feed and the scope are in the key: changing one starts again at page 1.
    queryKey: [
      'insights',
      'groups',
      ...dataScopeKey(scope),
      window.start_time,
      window.end_time,
      state,
    ] as const,
    queryFn: ({ pageParam, signal }) =>
      getGroups(
        scope,
        { page: pageParam, start_time: window.start_time, end_time: window.end_time, team_state: state },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextGroupsPage,
    enabled: scopeReady(scope),
  });
}

export function useGroups(window: GroupsWindow) {
  return useInfiniteQuery(groupsQueryOptions(useDataScope(), window));
}
