import { useSearchParams } from 'react-router';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** The tenant and the applied dimension filter (dim_name/dim_val from the URL) every insights call carries. */
export interface InsightsScope extends TenantScope {
  dimName: string | null;
  dimVal: string | null;
}

export function useInsightsScope(): InsightsScope {
  const tenant = useTenantScope();
  const [params] = useSearchParams();
  const dimName = params.get('dim_name');
  const dimVal = params.get('dim_val');
  return { ...tenant, dimName: dimName && dimVal !== null ? dimName : null, dimVal: dimName ? dimVal : null };
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
