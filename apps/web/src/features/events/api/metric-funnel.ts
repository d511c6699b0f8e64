import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { funnelTimestamp } from '../utils/group-view';
import { scopeKey, scopeQuery, scopeReady, useEventsScope, type EventsScope } from './scope';

export type FunnelSteps = ResponseOf<typeof routes.metricFunnel>;

/** GET /v1/metrics_hub/metrics/funnel at the event's hour (rounded per spec 2 §5), sub_type experience. */
export function getMetricFunnel(
  scope: EventsScope,
  input: { timestamp: string; schedule: 'h' | 'd' | 'w' | 'm' },
  signal?: AbortSignal,
): Promise<FunnelSteps> {
  return apiRequest(routes.metricFunnel, {
    query: {
      ...scopeQuery(scope),
      pipeline_schedule: input.schedule,
      timestamp: funnelTimestamp(input.timestamp),
      sub_type: 'experience',
    },
    signal,
  });
}

export function metricFunnelQueryOptions(
  scope: EventsScope,
  input: { timestamp: string; schedule: 'h' | 'd' | 'w' | 'm' },
) {
  return queryOptions({
    queryKey: ['events', 'funnel', input, ...scopeKey(scope)] as const,
    queryFn: ({ signal }) => getMetricFunnel(scope, input, signal),
    enabled: scopeReady(scope),
  });
}

export function useMetricFunnel(
  input: { timestamp: string; schedule: 'h' | 'd' | 'w' | 'm' },
  enabled: boolean,
) {
  const options = metricFunnelQueryOptions(useEventsScope(), input);
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
