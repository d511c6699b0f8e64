import { routes } from '@tidemark/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope } from '@/session';

/** POST /v1/billing/portal: Stripe's customer portal (invoices, card) for this workspace. */
export function useOpenBillingPortal() {
  const scope = useTenantScope();
  return useMutation({
    mutationFn: () => apiRequest(routes.billingPortal, { query: tenantQuery(scope) }),
  });
}
