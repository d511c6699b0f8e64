import { routes } from '@tidemark/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import type { FeedQuery } from './feed-query';
import { scopeKey, scopeQuery, scopeReady, useEventsScope, type EventsScope } from './scope';

export type EventSummaryResponse = ResponseOf<typeof routes.eventSummary>;

/** GET /v1/events/summary: counts by severity and status and the impact with its delta. */
export function getEventSummary(
  scope: EventsScope,
  query: Omit<FeedQuery, 'severity' | 'type' | 'sub_type'> & { frequency: string },
  signal?: AbortSignal,
): Promise<EventSummaryResponse> {
  return apiRequest(routes.eventSummary, { query: { ...scopeQuery(scope), ...query }, signal });
}

export function eventSummaryQueryOptions(
  scope: EventsScope,
  query: Omit<FeedQuery, 'severity' | 'type' | 'sub_type'> & { frequency: string },
) {
  return queryOptions({
    queryKey: ['events', 'summary', ...scopeKey(scope), query] as const,
    queryFn: ({ signal }) => getEventSummary(scope, query, signal),
    enabled: scopeReady(scope),
    placeholderData: keepPreviousData,
  });
}

export function useEventSummary(
  query: Omit<FeedQuery, 'severity' | 'type' | 'sub_type'> & { frequency: string },
) {
  return useQuery(eventSummaryQueryOptions(useEventsScope(), query));
}
