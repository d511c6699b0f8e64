import { routes, type CollectorDomains } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/events/allowed_domains: the sites the collector accepts, and how many beacons others sent. */
export function collectorDomainsQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['events', 'allowed-domains', scope.tenantId, scope.isDemo] as const,
    queryFn: ({ signal }) => apiRequest(routes.collectorDomains, { query: tenantQuery(scope), signal }),
    enabled: scope.tenantId !== null,
  });
}

export function useCollectorDomains() {
  return useQuery(collectorDomainsQueryOptions(useTenantScope()));
}

/** POST and DELETE /v1/events/allowed_domains: each answers the whole list, which replaces the cached one. */
export function useEditCollectorDomains() {
  const scope = useTenantScope();
  const client = useQueryClient();
  const onSuccess = (answer: CollectorDomains) =>
    client.setQueryData(collectorDomainsQueryOptions(scope).queryKey, answer);
  return {
    add: useMutation({
      mutationFn: (domain: string) =>
        apiRequest(routes.addCollectorDomain, { query: tenantQuery(scope), body: { domain } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (domain: string) =>
        apiRequest(routes.removeCollectorDomain, { params: { domain }, query: tenantQuery(scope) }),
      onSuccess,
    }),
  };
}
