import { routes, type BillingDetails } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /v1/billing/details for the user's own workspace: the add-ons step offers its add-ons. */
export function addOnsQueryOptions(tenantId: number) {
  return queryOptions({
    queryKey: ['billing', 'details', tenantId] as const,
    queryFn: async ({ signal }): Promise<BillingDetails> =>
      (
        await apiRequest(routes.billingDetails, {
          query: { tenant_id: tenantId, is_demo: undefined },
          signal,
        })
      ).data,
  });
}

export function useAddOns(tenantId: number) {
  return useQuery(addOnsQueryOptions(tenantId));
}
