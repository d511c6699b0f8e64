import { routes, type CreateGlobalFilterBody, type GlobalFilter } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';
import { globalFiltersQueryOptions } from './get-global-filters';

/** POST /v1/feed/filters with the spec's payload (tenant_id, dimension_id, dimension_name, dimension_value, display_name). */
export async function createGlobalFilter(
  scope: TenantScope,
  body: Omit<CreateGlobalFilterBody, 'tenant_id'>,
): Promise<GlobalFilter> {
  const answer = await apiRequest(routes.createGlobalFilter, {
    query: tenantQuery(scope),
    body: { ...body, ...(scope.tenantId !== null ? { tenant_id: scope.tenantId } : {}) },
  });
  return answer.data;
}

export function useCreateGlobalFilter() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateGlobalFilterBody, 'tenant_id'>) => createGlobalFilter(scope, body),
    onSuccess: () => client.invalidateQueries({ queryKey: globalFiltersQueryOptions(scope).queryKey }),
  });
}
