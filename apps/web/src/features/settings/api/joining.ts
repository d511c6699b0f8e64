import { routes } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope } from '@/session';

/** PUT /v1/members/joining: whether everyone at the workspace's company domain may join (owners only). */
export function useUpdateJoining() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (joinByDomain: boolean) =>
      apiRequest(routes.updateJoining, { query: tenantQuery(scope), body: { join_by_domain: joinByDomain } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
}
