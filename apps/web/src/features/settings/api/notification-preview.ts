import { routes, type NotificationPreview } from '@tidemark/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

export interface PreviewFilters {
  severities: Array<'High' | 'Medium' | 'Low'>;
  threshold: number;
}

/** GET /v1/notifications/preview: the alerts these filters would have sent over the last 4 weeks. */
export function notificationPreviewQueryOptions(scope: TenantScope, filters: PreviewFilters) {
  return queryOptions({
    queryKey: [
      'notifications',
      'preview',
      scope.tenantId,
      scope.isDemo,
      filters.severities.join(','),
      filters.threshold,
    ] as const,
    queryFn: ({ signal }): Promise<NotificationPreview> =>
      apiRequest(routes.notificationPreview, {
        query: {
          ...tenantQuery(scope),
          severity: filters.severities.join(','),
          monetary_impact_threshold: filters.threshold,
        },
        signal,
      }),
    // While a new threshold is typed, the last figure stays on screen instead of a skeleton.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useNotificationPreview(filters: PreviewFilters) {
  return useQuery(notificationPreviewQueryOptions(useTenantScope(), filters));
}
