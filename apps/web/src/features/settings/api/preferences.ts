import { routes, type Preference, type PreferenceName, type PreferenceValues } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

export interface TypedPreference<N extends PreferenceName> extends Omit<Preference, 'preference_value'> {
  preference_value: PreferenceValues[N];
}

/** GET /v1/preferences?name=: the caller's preference, or its defaults when never saved. */
export function preferenceQueryOptions<N extends PreferenceName>(scope: TenantScope, name: N) {
  return queryOptions({
    queryKey: ['preferences', name, scope.tenantId, scope.isDemo] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(routes.getPreference, {
        query: { ...tenantQuery(scope), name, scope: 'user' },
        signal,
      })) as TypedPreference<N>,
    enabled: scope.tenantId !== null,
  });
}

export function usePreference<N extends PreferenceName>(name: N) {
  return useQuery(preferenceQueryOptions(useTenantScope(), name));
}

/** PUT /v1/preferences: one preference by name; the saved value replaces the cached one. */
export function useSavePreference<N extends PreferenceName>(name: N) {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: PreferenceValues[N]) =>
      apiRequest(routes.updatePreference, {
        query: { ...tenantQuery(scope), scope: 'user' },
        body: { scope: 'user', is_active: true, preference_name: name, preference_value: value },
      }),
    onSuccess: (answer) =>
      client.setQueryData(preferenceQueryOptions(scope, name).queryKey, answer.data as TypedPreference<N>),
  });
}
