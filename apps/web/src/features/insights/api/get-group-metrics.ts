import { dataScopeKey, dataScopeQuery, useDataScope, type DataScope } from '@/session';
import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';

export type GroupMetrics = ResponseOf<typeof routes.groupMetrics>;
export type GroupMetric = GroupMetrics['kpis'][number];

/** GET /v1/groups/:id/metrics: the group's metrics with their insights. */
export function getGroupMetrics(scope: DataScope, groupId: string, signal?: AbortSignal) {
  return apiRequest(routes.groupMetrics, {
    params: { group_id: groupId },
    query: dataScopeQuery(scope),
    signal,
  });
}

export function groupMetricsQueryOptions(scope: DataScope, groupId: string) {
  return queryOptions({
    queryKey: ['insights', 'group-metrics', groupId, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getGroupMetrics(scope, groupId, signal),
    staleTime: 5 * 60_000,
  });
}

/** Loaded only once the card is first expanded (spec 3 §2). */
export function useGroupMetrics(groupId: string, enabled: boolean) {
  return useQuery({ ...groupMetricsQueryOptions(useDataScope(), groupId), enabled });
}
