import { routes, type Connector } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /v1/connectors: what a workspace can connect. */
export function getConnectors(signal?: AbortSignal): Promise<Connector[]> {
  return apiRequest(routes.listConnectors, { signal }).then((r) => r.data);
}

export const connectorsQueryOptions = () =>
  queryOptions({
    queryKey: ['connectors'] as const,
    queryFn: ({ signal }) => getConnectors(signal),
    staleTime: 300_000,
  });

export function useConnectors() {
  return useQuery(connectorsQueryOptions());
}
