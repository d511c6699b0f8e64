import { routes } from '@tidemark/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useDataScope } from '@/session';

/** GET /v1/insights/groups/:id/impact: time to detect and time to resolve (null until known). */
export function useGroupImpact(groupId: string) {
  const scope = useDataScope();
  return useQuery({
    queryKey: ['insights', 'group-impact', groupId, scope.tenantId, scope.isDemo] as const,
    queryFn: ({ signal }) =>
      apiRequest(routes.groupImpact, { params: { group_id: groupId }, query: tenantQuery(scope), signal }),
  });
}
