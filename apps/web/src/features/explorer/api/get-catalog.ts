import { routes, type ExplorerCatalog } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tokenHeaders, useExplorerToken } from './explorer-token';

/** GET /v1/explorer/catalog: the metrics, dimensions and values this explorer URL may read. */
export function getExplorerCatalog(token: string, signal?: AbortSignal): Promise<ExplorerCatalog> {
  return apiRequest(routes.explorerCatalog, { headers: tokenHeaders(token), signal });
}

export function explorerCatalogQueryOptions(token: string) {
  return queryOptions({
    // The token names the workspace and scope; a refreshed token reads the same catalogue.
    queryKey: ['explorer', 'catalog', token.split('.')[0]] as const,
    queryFn: ({ signal }) => getExplorerCatalog(token, signal),
    staleTime: 5 * 60_000,
  });
}

export function useExplorerCatalog() {
  return useQuery(explorerCatalogQueryOptions(useExplorerToken()));
}
