import { INSIGHTS_PAGE_SIZE, routes } from '@tidemark/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';
import { tenantQuery, useDataScope } from '@/session';

export type HistoryPage = ResponseOf<typeof routes.groupHistory>;
export type HistoryEntry = HistoryPage['history'][number];

/** GET /v1/insights/groups/:id/history, count=4 a page (spec 3 §9), newest first. */
export function useGroupHistory(groupId: string) {
  const scope = useDataScope();
  return useInfiniteQuery({
    queryKey: ['insights', 'group-history', groupId, scope.tenantId, scope.isDemo] as const,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(routes.groupHistory, {
        params: { group_id: groupId },
        query: { ...tenantQuery(scope), page_num: pageParam, count: INSIGHTS_PAGE_SIZE },
        signal,
      }),
    // `count` is the total: stop once every entry is loaded, or a page comes back short.
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.history.length, 0);
      return last.history.length < INSIGHTS_PAGE_SIZE || loaded >= last.count ? undefined : all.length + 1;
    },
  });
}
