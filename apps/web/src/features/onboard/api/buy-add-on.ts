import { routes } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /v1/billing/checkout from the add-ons step: the workspace id rides in the query and the server adds the
 * signed-in user's e-mail, so the card payment provider's page carries both (spec 1 §7). Without Stripe the
 * add-on is applied at once.
 */
export function useBuyAddOn(tenantId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (plan: string) =>
      apiRequest(routes.changePlan, {
        query: { tenant_id: tenantId, is_demo: undefined },
        body: { plan, from: 'onboarding' },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['billing'] }),
  });
}
