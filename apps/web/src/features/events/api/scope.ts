import { tenantQuery, useAppliedFilter, useTenantScope, type TenantScope } from '@/session';

/** The tenant, demo mode and the applied global filter every events call carries (spec 2 §1, §6). */
export interface EventsScope extends TenantScope {
  dimName: string | null;
  dimVal: string | null;
}

export function useEventsScope(): EventsScope {
  const tenant = useTenantScope();
  const filter = useAppliedFilter();
  return { ...tenant, dimName: filter?.dim_name ?? null, dimVal: filter?.dim_val ?? null };
}

export function scopeQuery(scope: EventsScope) {
  return {
    ...tenantQuery(scope),
    ...(scope.dimName !== null && scope.dimVal !== null
      ? { dim_name: scope.dimName, dim_val: scope.dimVal }
      : {}),
  };
}

/** A new tenant, demo mode or filter is a new list: page 1, no rows (spec 2 §4). */
export function scopeKey(scope: EventsScope) {
  return [scope.tenantId, scope.isDemo, scope.dimName, scope.dimVal] as const;
}

export const scopeReady = (scope: EventsScope) => scope.tenantId !== null || scope.isDemo;
