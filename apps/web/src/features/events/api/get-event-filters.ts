import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { scopeKey, scopeQuery, scopeReady, useEventsScope, type EventsScope } from './scope';

export type EventFiltersResponse = ResponseOf<typeof routes.eventFilters>;

/** GET /v1/events/filters: the provider, provider type and check options. */
export function getEventFilters(scope: EventsScope, signal?: AbortSignal): Promise<EventFiltersResponse> {
  return apiRequest(routes.eventFilters, { query: scopeQuery(scope), signal });
}

export function eventFiltersQueryOptions(scope: EventsScope) {
  return queryOptions({
    queryKey: ['events', 'filters', ...scopeKey(scope)] as const,
    queryFn: ({ signal }) => getEventFilters(scope, signal),
    enabled: scopeReady(scope),
    staleTime: 60_000,
  });
}

export function useEventFilters() {
  return useQuery(eventFiltersQueryOptions(useEventsScope()));
}
