import { routes, type ApiToken } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/apps/tokens: the workspace's keys that are not revoked. */
export function apiTokensQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['apps', 'tokens', scope.tenantId] as const,
    queryFn: async ({ signal }): Promise<ApiToken[]> =>
      (await apiRequest(routes.listApiTokens, { query: tenantQuery(scope), signal })).tokens,
    // Keys belong to a real workspace; the demo has none to list.
    enabled: scope.tenantId !== null && !scope.isDemo,
  });
}

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions(useTenantScope()));
}

/** POST /v1/apps/tokens: the answer is the only time the key itself is seen. */
export function useCreateApiToken() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; scope: string }) =>
      (
        await apiRequest(routes.createApiToken, {
          query: tenantQuery(scope),
          body: {
            name: input.name,
            scope: input.scope,
            ...(scope.tenantId !== null ? { tenant_id: scope.tenantId } : {}),
          },
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['apps', 'tokens'] }),
  });
}

/** DELETE /v1/apps/tokens/:id: the key stops working at once. */
export function useRevokeApiToken() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(routes.revokeApiToken, { params: { id }, query: tenantQuery(scope) }),
    onSuccess: (_answer, id) => {
      client.setQueryData<ApiToken[]>(['apps', 'tokens', scope.tenantId], (old) =>
        old?.filter((t) => t.id !== id),
      );
      return client.invalidateQueries({ queryKey: ['apps', 'tokens'] });
    },
  });
}
