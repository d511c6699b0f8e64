import { routes, type ExplorerView } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tokenHeaders, useExplorerToken } from './explorer-token';

/** GET /v1/explorer/views: the saved explorations this URL's workspace shares. */
export function listExplorerViews(token: string, signal?: AbortSignal): Promise<{ views: ExplorerView[] }> {
  return apiRequest(routes.listExplorerViews, { headers: tokenHeaders(token), signal });
}

export function explorerViewsQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['explorer', 'views', token.split('.')[0]] as const,
    queryFn: ({ signal }) => listExplorerViews(token, signal),
  });
}

export function useExplorerViews() {
  return useQuery(explorerViewsQueryOptions(useExplorerToken()));
}
