import { routes, type EventMapping, type EventMappingBody } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/preferences/events/mapping: severity, and providers with their categories. */
export function eventMappingQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['preferences', 'events', 'mapping', scope.tenantId] as const,
    queryFn: ({ signal }): Promise<EventMapping> =>
      apiRequest(routes.getEventMapping, { query: tenantQuery(scope), signal }),
    enabled: scope.tenantId !== null,
  });
}

export function useEventMapping() {
  return useQuery(eventMappingQueryOptions(useTenantScope()));
}

/** PUT /v1/preferences/events/mapping; applied to the screen only once the server confirms. */
export function useUpdateEventMapping() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventMappingBody) =>
      apiRequest(routes.updateEventMapping, { query: tenantQuery(scope), body }),
    onSuccess: (answer) => {
      client.setQueryData(eventMappingQueryOptions(scope).queryKey, answer.data);
      return client.invalidateQueries({ queryKey: ['users', 'subscriptions'] });
    },
  });
}
