import { routes, type Invitation } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/members/invitations: invitations still waiting for their address to sign in. */
export function invitationsQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['members', 'invitations', scope.tenantId] as const,
    queryFn: async ({ signal }): Promise<Invitation[]> =>
      (await apiRequest(routes.listInvitations, { query: tenantQuery(scope), signal })).invitations,
    enabled: scope.tenantId !== null && !scope.isDemo,
  });
}

export function useInvitations() {
  return useQuery(invitationsQueryOptions(useTenantScope()));
}

/** POST /v1/members/invitations: the address joins on its next sign-up or sign-in. */
export function useCreateInvitation() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest(routes.createInvitation, { query: tenantQuery(scope), body: { email } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members', 'invitations'] }),
  });
}

/** DELETE /v1/members/invitations/:invitation_id. */
export function useRevokeInvitation() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(routes.revokeInvitation, { params: { invitation_id: id }, query: tenantQuery(scope) }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members', 'invitations'] }),
  });
}
