import { dataScopeQuery, dataScopeKey, type DataScope } from '@/session';
import { routes, type SeriesPoint, type SeriesSchedule } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /v1/pattern_series: a metric's points with the expected range, at one grain. */
function getPatternSeries(
  scope: DataScope,
  kpiId: string,
  schedule: SeriesSchedule,
  forecast: boolean,
  signal?: AbortSignal,
): Promise<SeriesPoint[]> {
  return apiRequest(routes.patternSeries, {
    query: {
      ...dataScopeQuery(scope),
      kpi_id: kpiId,
      pipeline_schedule: schedule,
      // Spec 3 §1: the forecast only when the workspace has it on.
      ...(forecast ? { is_forecast_enabled: 'true' } : {}),
    },
    signal,
  });
}

export function patternSeriesQueryOptions(
  scope: DataScope,
  kpiId: string,
  schedule: SeriesSchedule,
  forecast = false,
) {
  return queryOptions({
    queryKey: ['metrics', 'series', ...dataScopeKey(scope), kpiId, schedule, forecast] as const,
    queryFn: ({ signal }) => getPatternSeries(scope, kpiId, schedule, forecast, signal),
    staleTime: 60_000,
  });
}

export function usePatternSeries(
  scope: DataScope,
  kpiId: string,
  schedule: SeriesSchedule,
  forecast = false,
) {
  return useQuery(patternSeriesQueryOptions(scope, kpiId, schedule, forecast));
}
