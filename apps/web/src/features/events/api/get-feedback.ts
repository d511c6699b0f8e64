import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError, type ResponseOf } from '@/lib/api-client';
import { tenantQuery, dataScopeKey, scopeReady, useDataScope, type DataScope } from '@/session';

export type EventFeedback = ResponseOf<typeof routes.getEventGroupFeedback>;

/**
 * GET /v1/events/groups/:id/feedback: null when there is no feedback yet. A 404 (the group is gone) resets
 * the buttons the same way (spec 2 §4); a 401 goes to /login through the API client.
 */
export async function getEventFeedback(
  scope: DataScope,
  id: string,
  signal?: AbortSignal,
): Promise<EventFeedback | null> {
  try {
    return await apiRequest(routes.getEventGroupFeedback, {
      params: { id },
      query: tenantQuery(scope),
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function eventFeedbackQueryOptions(scope: DataScope, id: string) {
  return queryOptions({
    queryKey: ['events', 'feedback', id, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getEventFeedback(scope, id, signal),
    enabled: scopeReady(scope),
    staleTime: Infinity,
  });
}

export function useEventFeedback(id: string) {
  return useQuery(eventFeedbackQueryOptions(useDataScope(), id));
}
