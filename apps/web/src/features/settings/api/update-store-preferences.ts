import { routes, type StorePreferences, type UpdateStorePreferencesBody } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope } from '@/session';

/**
 * PUT /v1/orgs/{org}/preferences with the full preferences. The answer replaces the cached store, and the
 * workspace's info (currency, time zone, forecast) is refetched so every figure follows at once.
 */
export function useUpdateStorePreferences(orgUuid: string) {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStorePreferencesBody): Promise<StorePreferences> =>
      apiRequest(routes.updateStorePreferences, {
        params: { org_uuid: orgUuid },
        query: tenantQuery(scope),
        body,
      }),
    onSuccess: async (answer) => {
      client.setQueryData(['orgs', orgUuid, 'preferences', scope.tenantId, scope.isDemo], answer);
      await client.invalidateQueries({ queryKey: ['tenants', 'info'] });
    },
  });
}

/** The PUT body of a store as it is now, with one change applied. */
export function preferencesBody(
  store: StorePreferences,
  change: Partial<Omit<UpdateStorePreferencesBody['preferences'], 'events'>> & {
    providers?: Array<{ id: string; is_active: boolean }>;
  },
): UpdateStorePreferencesBody {
  const p = store.preferences;
  const changed = new Map((change.providers ?? []).map((c) => [c.id, c.is_active]));
  return {
    display_name: store.display_name,
    preferences: {
      currency: change.currency ?? p.currency,
      timezone: change.timezone ?? p.timezone,
      is_forecast_enabled: change.is_forecast_enabled ?? p.is_forecast_enabled,
      events: {
        providers: p.events.providers.map((provider) => ({
          id: provider.id,
          is_active: changed.get(provider.id) ?? provider.is_active,
        })),
      },
    },
  };
}
