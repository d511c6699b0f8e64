import {
  DEFAULT_FLAGS,
  FLAGS_REFRESH_MS,
  routes,
  type FeatureFlag,
  type FlagsResponse,
} from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope, scopeReady } from '@/session';

/** GET /v1/flags: the workspace's feature toggles, refreshed every 10 s (spec 1 §9). */
export function getFlags(scope: TenantScope, signal?: AbortSignal): Promise<FlagsResponse> {
  return apiRequest(routes.getFlags, { query: tenantQuery(scope), signal });
}

export function flagsQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['flags', scope.tenantId, scope.isDemo] as const,
    queryFn: ({ signal }) => getFlags(scope, signal),
    refetchInterval: FLAGS_REFRESH_MS,
    staleTime: FLAGS_REFRESH_MS,
    enabled: scopeReady(scope),
  });
}

export type Flags = Record<FeatureFlag, boolean>;

export interface UseFlagsResult {
  /** The tenant's flags; the defaults while the first answer is pending or if it failed. */
  flags: Flags;
  isPending: boolean;
  isError: boolean;
}

export function useFlags(): UseFlagsResult {
  const scope = useTenantScope();
  const query = useQuery(flagsQueryOptions(scope));
  return {
    flags: { ...DEFAULT_FLAGS, ...query.data?.flags },
    isPending: query.isPending && query.fetchStatus !== 'idle',
    isError: query.isError,
  };
}
