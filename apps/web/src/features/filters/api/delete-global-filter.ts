import { routes } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { filterQuery, tenantQuery, useTenantScope, type AppliedFilter, type TenantScope } from '@/session';
import { globalFiltersQueryOptions } from './get-global-filters';

/** DELETE /v1/feed/filters/:id, carrying the applied filter like every call: the server refuses to delete it. */
export async function deleteGlobalFilter(
  scope: TenantScope,
  id: number,
  applied: AppliedFilter | null,
): Promise<void> {
  await apiRequest(routes.deleteGlobalFilter, {
    params: { id },
    query: { ...tenantQuery(scope), ...filterQuery(applied) },
  });
}

export function useDeleteGlobalFilter(applied: AppliedFilter | null) {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteGlobalFilter(scope, id, applied),
    onSuccess: () => client.invalidateQueries({ queryKey: globalFiltersQueryOptions(scope).queryKey }),
  });
}
