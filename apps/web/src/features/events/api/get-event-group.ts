import { dataScopeKey, dataScopeQuery, scopeReady, useDataScope, type DataScope } from '@/session';
import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError, type ResponseOf } from '@/lib/api-client';

export type EventGroupDetail = ResponseOf<typeof routes.getEventGroup>;

/** GET /v1/events/groups/:id: the group with its distributions, impact and log rows. */
export function getEventGroup(scope: DataScope, id: string, signal?: AbortSignal): Promise<EventGroupDetail> {
  return apiRequest(routes.getEventGroup, { params: { id }, query: dataScopeQuery(scope), signal });
}

export function eventGroupQueryOptions(scope: DataScope, id: string) {
  return queryOptions({
    queryKey: ['events', 'group', id, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getEventGroup(scope, id, signal),
    enabled: scopeReady(scope),
    // A 404 is an answer (the not-found view), not a failure worth retrying.
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}

export function useEventGroup(id: string) {
  return useQuery(eventGroupQueryOptions(useDataScope(), id));
}
