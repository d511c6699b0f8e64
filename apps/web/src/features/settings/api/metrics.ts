import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** The metrics list of spec 1 §7 (settings): active metrics by display name, for My Metrics. */
export function settingsMetricsQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['settings', 'metrics', scope.tenantId, scope.isDemo] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest(routes.listMetrics, {
          query: {
            ...tenantQuery(scope),
            is_active: 'true',
            sort_by: 'kpi_display_name',
            order: 'asc',
            count: 500,
          },
          signal,
        })
      ).rows.map((m) => ({ kpi_id: m.kpi_id, kpi_display_name: m.kpi_display_name })),
    enabled: scope.tenantId !== null,
  });
}

export function useSettingsMetrics() {
  return useQuery(settingsMetricsQueryOptions(useTenantScope()));
}
