import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { tenantQuery, dataScopeKey, scopeReady, useDataScope, type DataScope } from '@/session';

export type EventRootCause = ResponseOf<typeof routes.eventRootCause>;

/** GET /v1/events/:event_uuid/rootcause for one dimension. */
export function getEventRootCause(
  scope: DataScope,
  eventUuid: string,
  dimension: string,
  signal?: AbortSignal,
): Promise<EventRootCause> {
  return apiRequest(routes.eventRootCause, {
    params: { event_uuid: eventUuid },
    query: { ...tenantQuery(scope), dimension_names: dimension },
    signal,
  });
}

export function eventRootCauseQueryOptions(scope: DataScope, eventUuid: string, dimension: string) {
  return queryOptions({
    queryKey: ['events', 'rootcause', eventUuid, dimension, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getEventRootCause(scope, eventUuid, dimension, signal),
    enabled: scopeReady(scope) && dimension !== '',
  });
}

export function useEventRootCause(eventUuid: string, dimension: string) {
  return useQuery(eventRootCauseQueryOptions(useDataScope(), eventUuid, dimension));
}
