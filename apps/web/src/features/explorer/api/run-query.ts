import { routes, type ExplorerQueryBody, type ExplorerQueryResponse } from '@tidemark/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tokenHeaders, useExplorerToken } from './explorer-token';

/** POST /v1/explorer/query: the lines of one question (a read, so it is cached like one). */
export function runExplorerQuery(
  token: string,
  body: ExplorerQueryBody,
  signal?: AbortSignal,
): Promise<ExplorerQueryResponse> {
  return apiRequest(routes.explorerQuery, { headers: tokenHeaders(token), body, signal });
}

export function explorerQueryOptions(token: string, body: ExplorerQueryBody) {
  return queryOptions({
    queryKey: ['explorer', 'query', token.split('.')[0], body] as const,
    queryFn: ({ signal }) => runExplorerQuery(token, body, signal),
    enabled: body.metrics.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useExplorerQuery(body: ExplorerQueryBody) {
  return useQuery(explorerQueryOptions(useExplorerToken(), body));
}
