import { tenantQuery, type TenantScope } from '@/session';

/** The data slice the hub reads: the workspace plus the URL's global filter (dim_name, dim_val). */
export interface HubScope extends TenantScope {
  dimName?: string | undefined;
  dimVal?: string | undefined;
}

export function hubQuery(scope: HubScope) {
  return {
    ...tenantQuery(scope),
    ...(scope.dimName && scope.dimVal !== undefined
      ? { dim_name: scope.dimName, dim_val: scope.dimVal }
      : {}),
  };
}

/** The parts of a scope that change what a call answers, for query keys. */
export function scopeKey(scope: HubScope) {
  return [scope.tenantId, scope.isDemo, scope.dimName ?? null, scope.dimVal ?? null] as const;
}
