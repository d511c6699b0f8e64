import { dataScopeKey, dataScopeQuery, scopeReady, useDataScope, type DataScope } from '@/session';
import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';

export type EventTimeline = ResponseOf<typeof routes.eventTimeline>;

/** GET /v1/events/pattern_series: the site's hourly errors (schedule h) for the error timeline. */
export function getEventTimeline(
  scope: DataScope,
  range: { start: string; end: string },
  signal?: AbortSignal,
): Promise<EventTimeline> {
  return apiRequest(routes.eventTimeline, {
    query: {
      ...dataScopeQuery(scope),
      pipeline_schedule: 'h',
      timestamp_start: range.start,
      timestamp_end: range.end,
    },
    signal,
  });
}

export function eventTimelineQueryOptions(scope: DataScope, range: { start: string; end: string }) {
  return queryOptions({
    queryKey: ['events', 'timeline', ...dataScopeKey(scope), range.start, range.end] as const,
    queryFn: ({ signal }) => getEventTimeline(scope, range, signal),
    enabled: scopeReady(scope),
  });
}

export function useEventTimeline(range: { start: string; end: string }) {
  return useQuery(eventTimelineQueryOptions(useDataScope(), range));
}
