import { tenantQuery, useAppliedFilter, useTenantScope, type TenantScope } from '@/session';

/** The tenant and the applied global filter (dim_name/dim_val) every insights call carries. */
export interface InsightsScope extends TenantScope {
  dimName: string | null;
  dimVal: string | null;
}

export function useInsightsScope(): InsightsScope {
  const tenant = useTenantScope();
  // The session's rule: the URL's filter, and none in demo mode (the demo workspace is not filtered).
  const filter = useAppliedFilter();
  return { ...tenant, dimName: filter?.dim_name ?? null, dimVal: filter?.dim_val ?? null };
}

export function scopeQuery(scope: InsightsScope) {
  return {
    ...tenantQuery(scope),
    ...(scope.dimName !== null && scope.dimVal !== null
      ? { dim_name: scope.dimName, dim_val: scope.dimVal }
      : {}),
  };
}

/** The part of a query key that changes with the scope: a new tenant, demo mode or filter is a new list. */
export function scopeKey(scope: InsightsScope) {
  return [scope.tenantId, scope.isDemo, scope.dimName, scope.dimVal] as const;
}
