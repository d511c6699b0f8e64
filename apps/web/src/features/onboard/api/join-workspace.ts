import { routes } from '@tidemark/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { OwnWorkspace } from './get-team-details';

/** POST /v1/tenants/{uuid}/join with the user's own address; joining twice is harmless. */
export function joinWorkspace(workspace: OwnWorkspace, userEmail: string) {
  return apiRequest(routes.joinWorkspace, {
    params: { tenant_uuid: workspace.tenantUuid },
    query: { tenant_id: workspace.tenantId, is_demo: undefined },
    body: { user_email: userEmail },
  });
}

export function useJoinWorkspace(workspace: OwnWorkspace) {
  return useMutation({ mutationFn: (userEmail: string) => joinWorkspace(workspace, userEmail) });
}
