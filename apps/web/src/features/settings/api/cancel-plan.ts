import { routes } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope } from '@/session';

/** POST /v1/billing/cancel: the answer's message is shown as it comes (spec 1 §8). */
export function useCancelPlan() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (plan: string) =>
      apiRequest(routes.cancelPlan, { query: tenantQuery(scope), body: { plan } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['billing'] }),
  });
}
