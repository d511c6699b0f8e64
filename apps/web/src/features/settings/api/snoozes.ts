import { routes, type Snooze } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/notifications/snoozes: the caller's snoozes still running, soonest to end first. */
export function snoozesQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['notifications', 'snoozes', scope.tenantId, scope.isDemo] as const,
    queryFn: async ({ signal }): Promise<Snooze[]> =>
      (await apiRequest(routes.listSnoozes, { query: tenantQuery(scope), signal })).snoozes,
    enabled: scope.tenantId !== null,
  });
}

export function useSnoozes() {
  return useQuery(snoozesQueryOptions(useTenantScope()));
}

/** DELETE /v1/notifications/snoozes/:id: alerts about the item start again at once. */
export function useRemoveSnooze() {
  const scope = useTenantScope();
  const client = useQueryClient();
  const { queryKey } = snoozesQueryOptions(scope);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(routes.deleteSnooze, { params: { id }, query: tenantQuery(scope) }),
    onSuccess: (_answer, id) => {
      client.setQueryData<Snooze[]>(queryKey, (old) => old?.filter((s) => s.id !== id));
      return client.invalidateQueries({ queryKey });
    },
  });
}
