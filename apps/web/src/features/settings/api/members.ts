import { routes, type MemberRole, type MembersResponse } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useTenantScope, type TenantScope } from '@/session';

/** GET /v1/members: the workspace's people with their roles, the caller's role and the joining rule. */
export function membersQueryOptions(scope: TenantScope) {
  return queryOptions({
    queryKey: ['members', scope.tenantId] as const,
    queryFn: ({ signal }): Promise<MembersResponse> =>
      apiRequest(routes.listMembers, { query: tenantQuery(scope), signal }),
    // The demo workspace's members are nobody's business.
    enabled: scope.tenantId !== null && !scope.isDemo,
  });
}

export function useMembers() {
  return useQuery(membersQueryOptions(useTenantScope()));
}

/** PATCH /v1/members/:user_uuid: owners make owners, or members again. */
export function useUpdateMemberRole() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userUuid: string; role: MemberRole }) =>
      apiRequest(routes.updateMember, {
        params: { user_uuid: input.userUuid },
        query: tenantQuery(scope),
        body: { role: input.role },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
}

/** DELETE /v1/members/:user_uuid: owners remove someone; their keys stop working. */
export function useRemoveMember() {
  const scope = useTenantScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userUuid: string) =>
      apiRequest(routes.removeMember, { params: { user_uuid: userUuid }, query: tenantQuery(scope) }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['members'] }),
  });
}
