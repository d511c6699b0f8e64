import { useAppliedFilter } from './global-filter';
import { tenantQuery, useTenantScope, type TenantScope } from './tenant-scope';

/**
 * What every data call carries (feed, events, metrics hub, home): the workspace, demo mode and the applied
 * global filter (spec 1 §6, spec 2 §1). The one scope type of the app; a filter is both values or neither.
 */
export interface DataScope extends TenantScope {
  dimName: string | null;
  dimVal: string | null;
}

export function useDataScope(): DataScope {
  const tenant = useTenantScope();
  // The session's rule: the URL's filter, and none in demo mode (the demo workspace is not filtered).
  const filter = useAppliedFilter();
  return { ...tenant, dimName: filter?.dim_name ?? null, dimVal: filter?.dim_val ?? null };
}

export function dataScopeQuery(scope: DataScope) {
  return {
    ...tenantQuery(scope),
    ...(scope.dimName !== null && scope.dimVal !== null
      ? { dim_name: scope.dimName, dim_val: scope.dimVal }
      : {}),
  };
}

/** The part of a query key that changes with the scope: a new tenant, demo mode or filter is a new answer. */
export function dataScopeKey(scope: DataScope) {
  return [scope.tenantId, scope.isDemo, scope.dimName, scope.dimVal] as const;
}
