import { routes, type OverlaySeries, type OverlayType } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, dataScopeKey, type DataScope } from '@/session';
import type { SeriesRequest } from './get-pattern-series';

/** GET /v1/pattern_series/overlays: the window with the same window one and two periods earlier. */
export function getOverlays(
  scope: DataScope,
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

export function overlaysQueryOptions(scope: DataScope, input: SeriesRequest & { type: OverlayType }) {
  return queryOptions({
    queryKey: ['series', 'overlays', ...dataScopeKey(scope), input] as const,
    queryFn: ({ signal }) => getOverlays(scope, input, signal),
    staleTime: 5 * 60_000,
  });
}

export function useOverlays(scope: DataScope, input: SeriesRequest & { type: OverlayType }) {
  return useQuery(overlaysQueryOptions(scope, input));
}
