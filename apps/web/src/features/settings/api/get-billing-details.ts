import { routes, type BillingDetails } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/billing/details: the plan, the add-on and the catalogue. */
export function billingDetailsQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['billing', 'details', scope.tenantId] as const,
    queryFn: async ({ signal }): Promise<BillingDetails> =>
      (await apiRequest(routes.billingDetails, { query: tenantQuery(scope), signal })).data,
    // Billing belongs to a real workspace; the demo has none.
    enabled: scope.tenantId !== null && !scope.isDemo,
  });
}

export function useBillingDetails() {
  return useQuery(billingDetailsQueryOptions(useTenantScope()));
}
