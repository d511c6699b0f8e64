import { routes, type OperatorLogEntry } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/members/operator_log: what Tidemark's operators changed here (owners read it). */
export function operatorLogQueryOptions(scope: TenantScope, enabled: boolean) {
  return queryOptions({
    queryKey: ['members', 'operator_log', scope.tenantId] as const,
    queryFn: async ({ signal }): Promise<OperatorLogEntry[]> =>
      (await apiRequest(routes.operatorLog, { query: tenantQuery(scope), signal })).entries,
    enabled: enabled && scope.tenantId !== null && !scope.isDemo,
  });
}

export function useOperatorLog(enabled: boolean) {
  return useQuery(operatorLogQueryOptions(useTenantScope(), enabled));
}
