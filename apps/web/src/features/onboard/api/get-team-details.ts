import { routes, type TeamDetails } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The signed-in user's own workspace, as onboarding names it in its calls. */
export interface OwnWorkspace {
  tenantId: number;
  tenantUuid: string;
}

export const teamDetailsQueryKey = (workspace: OwnWorkspace) =>
  ['tenants', 'team', workspace.tenantUuid] as const;

/** GET /v1/tenants/{uuid}: the team's name, logo, member count and store. */
export function getTeamDetails(workspace: OwnWorkspace, signal?: AbortSignal): Promise<TeamDetails> {
  return apiRequest(routes.teamDetails, {
    params: { tenant_uuid: workspace.tenantUuid },
    query: { tenant_id: workspace.tenantId, is_demo: undefined },
    signal,
  });
}

export function teamDetailsQueryOptions(workspace: OwnWorkspace) {
  return queryOptions({
    queryKey: teamDetailsQueryKey(workspace),
    queryFn: ({ signal }) => getTeamDetails(workspace, signal),
  });
}

export function useTeamDetails(workspace: OwnWorkspace) {
  return useQuery(teamDetailsQueryOptions(workspace));
}
