import { routes, type DatabaseCredentials } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/connections/:id: settings without the password. */
export function useConnectionSettings(datasourceId: string) {
  const scope = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: ['connection', scope.tenantId, datasourceId] as const,
      queryFn: ({ signal }) =>
        apiRequest(routes.getConnection, {
          params: { datasource_id: datasourceId },
          query: tenantQuery(scope),
          signal,
        }),
    }),
  );
}

/** POST /v1/connections/:id/credentials: checked against the database, which answers its tables. */
export function saveCredentials(scope: TenantScope, datasourceId: string, body: DatabaseCredentials) {
  return apiRequest(routes.saveCredentials, {
    params: { datasource_id: datasourceId },
    query: tenantQuery(scope),
    body,
  });
}

/** PUT /v1/connections/:id/tables: the tables to copy; the first sync starts. */
export function selectTables(scope: TenantScope, datasourceId: string, tables: string[]) {
  return apiRequest(routes.selectTables, {
    params: { datasource_id: datasourceId },
    query: tenantQuery(scope),
    body: { source_tables: tables },
  });
}
