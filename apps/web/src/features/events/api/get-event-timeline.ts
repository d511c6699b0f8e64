import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { scopeKey, scopeQuery, scopeReady, useEventsScope, type EventsScope } from './scope';

export type EventTimeline = ResponseOf<typeof routes.eventTimeline>;

/** GET /v1/events/pattern_series: the site's hourly errors (schedule h) for the error timeline. */
export function getEventTimeline(
  scope: EventsScope,
  range: { start: string; end: string },
  signal?: AbortSignal,
): Promise<EventTimeline> {
  return apiRequest(routes.eventTimeline, {
    query: {
      ...scopeQuery(scope),
      pipeline_schedule: 'h',
      timestamp_start: range.start,
      timestamp_end: range.end,
    },
    signal,
  });
}

export function eventTimelineQueryOptions(scope: EventsScope, range: { start: string; end: string }) {
  return queryOptions({
    queryKey: ['events', 'timeline', ...scopeKey(scope), range.start, range.end] as const,
    queryFn: ({ signal }) => getEventTimeline(scope, range, signal),
    enabled: scopeReady(scope),
  });
}

export function useEventTimeline(range: { start: string; end: string }) {
  return useQuery(eventTimelineQueryOptions(useEventsScope(), range));
}
