import { dataScopeKey, dataScopeQuery, scopeReady, useDataScope, type DataScope } from '@/session';
import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { funnelTimestamp } from '../utils/group-view';

export type FunnelSteps = ResponseOf<typeof routes.metricFunnel>;

/** GET /v1/metrics_hub/metrics/funnel at the event's hour (rounded per spec 2 §5), sub_type experience. */
export function getMetricFunnel(
  scope: DataScope,
  input: { timestamp: string; schedule: 'h' | 'd' | 'w' | 'm' },
  signal?: AbortSignal,
): Promise<FunnelSteps> {
  return apiRequest(routes.metricFunnel, {
    query: {
      ...dataScopeQuery(scope),
      pipeline_schedule: input.schedule,
      timestamp: funnelTimestamp(input.timestamp),
      sub_type: 'experience',
    },
    signal,
  });
}

export function metricFunnelQueryOptions(
  scope: DataScope,
  input: { timestamp: string; schedule: 'h' | 'd' | 'w' | 'm' },
) {
  return queryOptions({
    queryKey: ['events', 'funnel', input, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getMetricFunnel(scope, input, signal),
    enabled: scopeReady(scope),
  });
}

export function useMetricFunnel(
  input: { timestamp: string; schedule: 'h' | 'd' | 'w' | 'm' },
  enabled: boolean,
) {
  const options = metricFunnelQueryOptions(useDataScope(), input);
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
