import { CONNECTIONS_REFETCH_MS, routes, type Connection } from '@tidemark/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

export interface ConnectionsPage {
  page: number;
  count: number;
  sortBy?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** GET /v1/connections: a page of the workspace's data sources. */
export function getConnections(
  scope: TenantScope,
  page: ConnectionsPage,
  signal?: AbortSignal,
): Promise<{ rows: Connection[]; count: number }> {
  return apiRequest(routes.listConnections, {
    query: {
      ...tenantQuery(scope),
      page_num: page.page,
      count: page.count,
      sort_by: page.sortBy,
      order: page.order,
    },
    signal,
  });
}

export function connectionsQueryOptions(scope: TenantScope, page: ConnectionsPage) {
  return queryOptions({
    queryKey: ['connections', scope.tenantId, scope.isDemo, page] as const,
    queryFn: ({ signal }) => getConnections(scope, page, signal),
    // Spec 1 §4: every 5 s and on focus, keeping the current rows while the next page loads.
    refetchInterval: CONNECTIONS_REFETCH_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
}

export function useConnections(page: ConnectionsPage) {
  return useQuery(connectionsQueryOptions(useTenantScope(), page));
}

/** POST /v1/connections/:id/resume. */
export function resumeConnection(scope: TenantScope, datasourceId: string) {
  return apiRequest(routes.resumeConnection, {
    params: { datasource_id: datasourceId },
    query: tenantQuery(scope),
  });
}

/** POST /v1/connections: a new data source of a connector that is not a file (database, app). */
export function createConnection(scope: TenantScope, body: { connector_uuid: string; shop?: string }) {
  return apiRequest(routes.createConnection, { query: tenantQuery(scope), body });
}

export function useDeleteConnection() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (datasourceId: string) =>
      apiRequest(routes.deleteConnection, {
        params: { datasource_id: datasourceId },
        query: tenantQuery(scope),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['connections'] }),
  });
}
