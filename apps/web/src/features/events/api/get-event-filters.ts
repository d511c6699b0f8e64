import { dataScopeKey, dataScopeQuery, scopeReady, useDataScope, type DataScope } from '@/session';
import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';

export type EventFiltersResponse = ResponseOf<typeof routes.eventFilters>;

/** GET /v1/events/filters: the provider, provider type and check options. */
export function getEventFilters(scope: DataScope, signal?: AbortSignal): Promise<EventFiltersResponse> {
  return apiRequest(routes.eventFilters, { query: dataScopeQuery(scope), signal });
}

export function eventFiltersQueryOptions(scope: DataScope) {
  return queryOptions({
    queryKey: ['events', 'filters', ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getEventFilters(scope, signal),
    enabled: scopeReady(scope),
    staleTime: 60_000,
  });
}

export function useEventFilters() {
  return useQuery(eventFiltersQueryOptions(useDataScope()));
}
