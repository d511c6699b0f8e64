import { SYNC_POLL_MS, routes, type Extraction } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/extractions?connector_id=…: a data source's extraction jobs, newest first. */
export function getExtractions(
  scope: TenantScope,
  datasourceId: string,
  signal?: AbortSignal,
): Promise<Extraction[]> {
  return apiRequest(routes.listExtractions, {
    query: { ...tenantQuery(scope), connector_id: datasourceId },
    signal,
  }).then((r) => r.data);
}

/** Polled every 5 s while the sync screen waits (spec 1 §4); a data source that is not found stops it. */
export function useExtractions(datasourceId: string, polling: boolean) {
  const scope = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: ['extractions', scope.tenantId, datasourceId] as const,
      queryFn: ({ signal }) => getExtractions(scope, datasourceId, signal),
      refetchInterval: (query) =>
        polling && !(isApiError(query.state.error) && query.state.error.status === 404)
          ? SYNC_POLL_MS
          : false,
    }),
  );
}

/** POST /v1/connectors/:id/sync: starts a sync; answers the new extraction's id. */
export function startSync(scope: TenantScope, datasourceId: string) {
  return apiRequest(routes.syncConnection, {
    params: { datasource_id: datasourceId },
    query: tenantQuery(scope),
  });
}
