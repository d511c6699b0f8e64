import { routes, type NotificationSettings, type UpdateNotificationSettingsBody } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/notifications/settings: the caller's quiet hours and alert scope in this workspace. */
export function notificationSettingsQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['notifications', 'settings', scope.tenantId, scope.isDemo] as const,
    queryFn: ({ signal }): Promise<NotificationSettings> =>
      apiRequest(routes.getNotificationSettings, { query: tenantQuery(scope), signal }),
    enabled: scope.tenantId !== null,
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions(useTenantScope()));
}

/**
 * PUT /v1/notifications/settings. The cache changes only with the server's answer, so a failed save leaves
 * the saved values on screen. The alert scope changes what the preview counts.
 */
export function useUpdateNotificationSettings() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationSettingsBody) =>
      apiRequest(routes.updateNotificationSettings, { query: tenantQuery(scope), body }),
    onSuccess: (answer) => {
      client.setQueryData(notificationSettingsQueryOptions(scope).queryKey, answer);
      return client.invalidateQueries({ queryKey: ['notifications', 'preview'] });
    },
  });
}
