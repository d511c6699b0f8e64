import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { tenantQuery, dataScopeKey, scopeReady, useDataScope, type DataScope } from '@/session';

export type RelatedMetrics = ResponseOf<typeof routes.relatedMetrics>;

/** GET /v1/metrics_hub/metrics/:kpi_id/related_metrics: the metric first, the rest by display name. */
export function getRelatedMetrics(
  scope: DataScope,
  kpiId: string,
  isPixel: boolean,
  signal?: AbortSignal,
): Promise<RelatedMetrics> {
  return apiRequest(routes.relatedMetrics, {
    params: { kpi_id: kpiId },
    query: { ...tenantQuery(scope), is_pixel: isPixel ? 'true' : 'false' },
    signal,
  });
}

export function relatedMetricsQueryOptions(scope: DataScope, kpiId: string, isPixel: boolean) {
  return queryOptions({
    queryKey: ['events', 'related-metrics', kpiId, isPixel, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getRelatedMetrics(scope, kpiId, isPixel, signal),
    enabled: scopeReady(scope),
    staleTime: 60_000,
  });
}

export function useRelatedMetrics(kpiId: string, isPixel: boolean) {
  return useQuery(relatedMetricsQueryOptions(useDataScope(), kpiId, isPixel));
}
