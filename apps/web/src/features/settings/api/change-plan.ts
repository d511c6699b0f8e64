import { routes } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope } from '@/session';

/** POST /v1/billing/checkout: a Stripe Checkout page to open, or (without Stripe) the change already made. */
export function useChangePlan() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (plan: string) =>
      apiRequest(routes.changePlan, { query: tenantQuery(scope), body: { plan, from: 'settings' } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['billing'] }),
  });
}
