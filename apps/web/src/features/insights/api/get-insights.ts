import { dataScopeKey, dataScopeQuery, useDataScope, type DataScope } from '@/session';
import { INSIGHTS_PAGE_SIZE, routes, type PatternType, type Severity } from '@tidemark/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '@/lib/api-client';

export type InsightsPage = ResponseOf<typeof routes.listInsights>;

/** The collaborate filters the insights list takes (spec 3 §2, §7): each narrows the list. */
export interface InsightsFilter {
  groupId?: string;
  kpis?: string[];
  severity?: Severity | null;
  patternType?: Exclude<PatternType, 'No Anomaly'> | null;
}

/** GET /v1/insights, count=4 a page (spec 3 §9). */
export function getInsights(
  scope: DataScope,
  filter: InsightsFilter,
  page: number,
  signal?: AbortSignal,
): Promise<InsightsPage> {
  return apiRequest(routes.listInsights, {
    query: {
      ...dataScopeQuery(scope),
      page_num: page,
      count: INSIGHTS_PAGE_SIZE,
      ...(filter.groupId ? { group_id: filter.groupId } : {}),
      ...(filter.kpis && filter.kpis.length > 0 ? { kpis: filter.kpis.join(',') } : {}),
      ...(filter.severity ? { severity: filter.severity } : {}),
      ...(filter.patternType ? { pattern_type: filter.patternType } : {}),
    },
    signal,
  });
}

export function insightsQueryOptions(scope: DataScope, filter: InsightsFilter) {
  return infiniteQueryOptions({
    // Every filter is in the key: changing one starts again at page 1.
    queryKey: ['insights', 'list', ...dataScopeKey(scope), filter] as const,
    queryFn: ({ pageParam, signal }) => getInsights(scope, filter, pageParam, signal),
    initialPageParam: 1,
    // A short page is the last one ("You're all caught up here!").
    getNextPageParam: (last, _all, lastPage) =>
      last.generated_insights_count < INSIGHTS_PAGE_SIZE ? undefined : lastPage + 1,
  });
}

export function useInsights(filter: InsightsFilter) {
  return useInfiniteQuery(insightsQueryOptions(useDataScope(), filter));
}
