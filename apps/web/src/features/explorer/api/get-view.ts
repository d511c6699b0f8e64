import { routes, type ExplorerView } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tokenHeaders, useExplorerToken } from './explorer-token';

/** GET /v1/explorer/views/:id: one saved exploration (404 when it is not this workspace's). */
export function getExplorerView(
  token: string,
  id: string,
  signal?: AbortSignal,
): Promise<{ view: ExplorerView }> {
  return apiRequest(routes.getExplorerView, { params: { id }, headers: tokenHeaders(token), signal });
}

export function explorerViewQueryOptions(token: string, id: string | null) {
  return queryOptions({
    queryKey: ['explorer', 'view', token.split('.')[0], id] as const,
    queryFn: ({ signal }) => getExplorerView(token, id!, signal),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

export function useExplorerView(id: string | null) {
  return useQuery(explorerViewQueryOptions(useExplorerToken(), id));
}
