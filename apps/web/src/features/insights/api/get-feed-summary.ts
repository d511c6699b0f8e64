import { dataScopeKey, dataScopeQuery, useDataScope, type DataScope, scopeReady } from '@/session';
import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The banner's four calls (spec 3 §7): each with tenant_id, start_time, end_time, dim_name and dim_val.
export type SummaryWindow = { start_time: string; end_time: string };

const key = (piece: string, scope: DataScope, w: SummaryWindow) =>
  ['insights', 'feed-summary', piece, ...dataScopeKey(scope), w.start_time, w.end_time] as const;

export function histogramQueryOptions(scope: DataScope, w: SummaryWindow) {
  return queryOptions({
    queryKey: key('histogram', scope, w),
    queryFn: ({ signal }) =>
      apiRequest(routes.feedSummaryHistogram, { query: { ...dataScopeQuery(scope), ...w }, signal }),
    enabled: scopeReady(scope),
  });
}

export function pipelineStatsQueryOptions(scope: DataScope, w: SummaryWindow) {
  return queryOptions({
    queryKey: key('pipeline-stats', scope, w),
    queryFn: ({ signal }) =>
      apiRequest(routes.feedSummaryPipelineStats, { query: { ...dataScopeQuery(scope), ...w }, signal }),
    enabled: scopeReady(scope),
  });
}

export function topMetricQueryOptions(scope: DataScope, w: SummaryWindow) {
  return queryOptions({
    queryKey: key('top-metric', scope, w),
    queryFn: ({ signal }) =>
      apiRequest(routes.feedSummaryTopMetric, { query: { ...dataScopeQuery(scope), ...w }, signal }),
    enabled: scopeReady(scope),
  });
}

export function patternsQueryOptions(scope: DataScope, w: SummaryWindow) {
  return queryOptions({
    queryKey: key('patterns', scope, w),
    queryFn: ({ signal }) =>
      apiRequest(routes.feedSummaryPatterns, { query: { ...dataScopeQuery(scope), ...w }, signal }),
    enabled: scopeReady(scope),
  });
}

export function useFeedSummary(w: SummaryWindow) {
  const scope = useDataScope();
  return {
    histogram: useQuery(histogramQueryOptions(scope, w)),
    pipelineStats: useQuery(pipelineStatsQueryOptions(scope, w)),
    topMetric: useQuery(topMetricQueryOptions(scope, w)),
    patterns: useQuery(patternsQueryOptions(scope, w)),
  };
}
