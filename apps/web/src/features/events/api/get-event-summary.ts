import { dataScopeKey, dataScopeQuery, scopeReady, useDataScope, type DataScope } from '@/session';
import { routes } from '@tidemark/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import type { FeedQuery } from './feed-query';

export type EventSummaryResponse = ResponseOf<typeof routes.eventSummary>;

/** GET /v1/events/summary: counts by severity and status and the impact with its delta. */
export function getEventSummary(
  scope: DataScope,
  query: Omit<FeedQuery, 'severity' | 'type' | 'sub_type'> & { frequency: string },
  signal?: AbortSignal,
): Promise<EventSummaryResponse> {
  return apiRequest(routes.eventSummary, { query: { ...dataScopeQuery(scope), ...query }, signal });
}

export function eventSummaryQueryOptions(
  scope: DataScope,
  query: Omit<FeedQuery, 'severity' | 'type' | 'sub_type'> & { frequency: string },
) {
  return queryOptions({
    queryKey: ['events', 'summary', ...dataScopeKey(scope), query] as const,
    queryFn: ({ signal }) => getEventSummary(scope, query, signal),
    enabled: scopeReady(scope),
    placeholderData: keepPreviousData,
  });
}

export function useEventSummary(
  query: Omit<FeedQuery, 'severity' | 'type' | 'sub_type'> & { frequency: string },
) {
  return useQuery(eventSummaryQueryOptions(useDataScope(), query));
}
