import { routes, type ExtractionResults } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/extractions/:id/results: the columns a sync or upload produced. */
export function getExtractionResults(
  scope: TenantScope,
  id: string,
  signal?: AbortSignal,
): Promise<ExtractionResults> {
  return apiRequest(routes.extractionResults, {
    params: { extraction_job_id: id },
    query: tenantQuery(scope),
    signal,
  });
}

export function useExtractionResults(id: string) {
  const scope = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: ['extraction-results', scope.tenantId, id] as const,
      queryFn: ({ signal }) => getExtractionResults(scope, id, signal),
      staleTime: 60_000,
    }),
  );
}
