import { routes, type SeriesPoint } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, dataScopeKey, type DataScope } from '@/session';

export interface SeriesRequest {
  kpiId: string;
  schedule: 'h' | 'd' | 'w' | 'm';
  start: number;
  end: number;
  /** The insight's own slice; null reads the metric overall. */
  dimName: string | null;
  dimVal: string | null;
  /** Ask for the forecast too (the server adds it only when the workspace has it enabled). */
  forecast?: boolean;
}

/** GET /v1/pattern_series. */
export function getPatternSeries(
  scope: DataScope,
  input: SeriesRequest,
  signal?: AbortSignal,
): Promise<SeriesPoint[]> {
  return apiRequest(routes.patternSeries, {
    query: {
      ...tenantQuery(scope),
      kpi_id: input.kpiId,
      pipeline_schedule: input.schedule,
      timestamp_start: new Date(input.start).toISOString(),
      timestamp_end: new Date(input.end).toISOString(),
      ...(input.dimName && input.dimVal !== null ? { dim_name: input.dimName, dim_val: input.dimVal } : {}),
      ...(input.forecast ? { is_forecast_enabled: 'true' as const } : {}),
    },
    signal,
  });
}

export function patternSeriesQueryOptions(scope: DataScope, input: SeriesRequest) {
  return queryOptions({
    queryKey: ['series', 'pattern', ...dataScopeKey(scope), input] as const,
    queryFn: ({ signal }) => getPatternSeries(scope, input, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePatternSeries(scope: DataScope, input: SeriesRequest, enabled: boolean) {
  return useQuery({ ...patternSeriesQueryOptions(scope, input), enabled });
}
