import { routes, type OverlaySeries, type OverlayType } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery } from '@/session';
import { scopeKey, type InsightsScope } from './scope';
import type { SeriesRequest } from './get-pattern-series';

/** GET /v1/pattern_series/overlays: the window with the same window one and two periods earlier. */
export function getOverlays(
  scope: InsightsScope,
  input: SeriesRequest & { type: OverlayType },
  signal?: AbortSignal,
): Promise<OverlaySeries> {
  return apiRequest(routes.patternSeriesOverlays, {
    query: {
      ...tenantQuery(scope),
      kpi_id: input.kpiId,
      pipeline_schedule: input.schedule,
      type: input.type,
      timestamp_start: new Date(input.start).toISOString(),
      timestamp_end: new Date(input.end).toISOString(),
      ...(input.dimName && input.dimVal !== null ? { dim_name: input.dimName, dim_val: input.dimVal } : {}),
    },
    signal,
  });
}

export function overlaysQueryOptions(scope: InsightsScope, input: SeriesRequest & { type: OverlayType }) {
  return queryOptions({
    queryKey: ['series', 'overlays', ...scopeKey(scope), input] as const,
    queryFn: ({ signal }) => getOverlays(scope, input, signal),
    staleTime: 5 * 60_000,
  });
}

export function useOverlays(scope: InsightsScope, input: SeriesRequest & { type: OverlayType }) {
  return useQuery(overlaysQueryOptions(scope, input));
}
