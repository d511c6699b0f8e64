import { routes } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery } from '@/session';
import { scopeKey, scopeReady, useEventsScope, type EventsScope } from './scope';

/** GET /v1/metrics_hub/dimensions/:id/values (the server already spells a null value 'null', spec 2 §7). */
export async function getDimensionValues(
  scope: EventsScope,
  dimensionId: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = await apiRequest(routes.dimensionValues, {
    params: { id: dimensionId },
    query: tenantQuery(scope),
    signal,
  });
  return answer.data;
}

export function dimensionValuesQueryOptions(scope: EventsScope, dimensionId: string | null) {
  return queryOptions({
    queryKey: ['events', 'dimension-values', dimensionId, ...scopeKey(scope)] as const,
    queryFn: ({ signal }) => getDimensionValues(scope, dimensionId ?? '', signal),
    enabled: scopeReady(scope) && dimensionId !== null,
    staleTime: 60_000,
  });
}

export function useDimensionValues(dimensionId: string | null) {
  return useQuery(dimensionValuesQueryOptions(useEventsScope(), dimensionId));
}
