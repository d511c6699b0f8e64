import { useAppliedFilter, useTenantScope } from '@/session';

/** tenant_id, dim_name and dim_val for a detail link (spec 3 §2), from the current workspace and filter. */
export function useInsightsLinkQuery() {
  const tenant = useTenantScope();
  const filter = useAppliedFilter();
  return {
    tenant_id: tenant.tenantId,
    dim_name: filter?.dim_name ?? null,
    dim_val: filter?.dim_name ? filter.dim_val : null,
  };
}
