import { dataScopeKey, dataScopeQuery, scopeReady, useDataScope, type DataScope } from '@/session';
import { routes } from '@tidemark/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import type { FeedQuery } from './feed-query';

export type EventGroupsPage = ResponseOf<typeof routes.listEventGroups>;

/** GET /v1/events/groups: one page of the feed with the summary filters. */
export function getEventGroups(
  scope: DataScope,
  query: FeedQuery,
  page: number,
  signal?: AbortSignal,
): Promise<EventGroupsPage> {
  return apiRequest(routes.listEventGroups, {
    query: { ...dataScopeQuery(scope), ...query, page_num: page },
    signal,
  });
}

/** The feed stops at the first empty page (spec 2 §4). */
export function nextEventGroupsPage(last: EventGroupsPage, _all: EventGroupsPage[], lastPage: number) {
  return last.event_groups.length === 0 ? undefined : lastPage + 1;
}

export function eventGroupsQueryOptions(scope: DataScope, query: FeedQuery, enabled = true) {
  return infiniteQueryOptions({
    // Scope, range and filters are in the key: changing any of them starts again at page 1 with no rows.
    queryKey: ['events', 'groups', ...dataScopeKey(scope), query] as const,
    queryFn: ({ pageParam, signal }) => getEventGroups(scope, query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextEventGroupsPage,
    enabled: enabled && scopeReady(scope),
  });
}

export function useEventGroups(query: FeedQuery, enabled = true) {
  return useInfiniteQuery(eventGroupsQueryOptions(useDataScope(), query, enabled));
}
