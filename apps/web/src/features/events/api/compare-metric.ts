import { dataScopeKey, dataScopeQuery, scopeReady, useDataScope, type DataScope } from '@/session';
import { routes } from '@tidemark/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { reportInfo } from '@/lib/error-reporting';

export type CompareSeries = ResponseOf<typeof routes.compareMetric>;

export interface CompareInput {
  kpiId: string;
  schedule: 'h' | 'd' | 'w' | 'm';
  start: string;
  end: string;
  dimension: string | null;
  values: string[];
  subType: string;
  message: string | null;
  isPixel: boolean;
}

/** GET /v1/metrics_hub/metrics/:kpi_id/compare; an empty answer is reported as an info warning (spec 2 §7). */
export async function compareMetric(
  scope: DataScope,
  input: CompareInput,
  signal?: AbortSignal,
): Promise<CompareSeries> {
  const split = input.dimension !== null;
  const points = await apiRequest(routes.compareMetric, {
    params: { kpi_id: input.kpiId },
    query: {
      ...dataScopeQuery(scope),
      pipeline_schedule: input.schedule,
      start_time: input.start,
      end_time: input.end,
      is_forecast_enabled: 'true',
      sub_type: input.subType,
      is_pixel: input.isPixel ? 'true' : 'false',
      ...(input.message ? { event_details_message: input.message.slice(0, 1000) } : {}),
      ...(split
        ? {
            dimension_names: input.values.length
              ? input.values.map(() => input.dimension).join(',')
              : input.dimension!,
            ...(input.values.length ? { dimension_values: input.values.join(',') } : {}),
          }
        : {}),
    },
    signal,
  });
  if (points.length === 0)
    reportInfo('compare answered no points', { kpi_id: input.kpiId, schedule: input.schedule });
  return points;
}

export function compareQueryOptions(scope: DataScope, input: CompareInput) {
  return queryOptions({
    queryKey: ['events', 'compare', input, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => compareMetric(scope, input, signal),
    enabled: scopeReady(scope),
    placeholderData: keepPreviousData,
  });
}

export function useCompareMetric(input: CompareInput, enabled: boolean) {
  const options = compareQueryOptions(useDataScope(), input);
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
