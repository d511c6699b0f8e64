import { routes, type UpdateWorkspaceBody, type WorkspaceAnswer } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { teamDetailsQueryKey, type OwnWorkspace } from './get-team-details';

/**
 * PATCH /v1/tenants/{uuid}: names the workspace and records its store. Onboarding always acts on the user's
 * own workspace, so demo mode's is_demo is left off (it would aim the call at the shared demo store).
 */
export function updateWorkspace(
  workspace: OwnWorkspace,
  body: UpdateWorkspaceBody,
): Promise<WorkspaceAnswer> {
  return apiRequest(routes.updateWorkspace, {
    params: { tenant_uuid: workspace.tenantUuid },
    query: { tenant_id: workspace.tenantId, is_demo: undefined },
    body,
  });
}

export function useUpdateWorkspace(workspace: OwnWorkspace) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkspaceBody) => updateWorkspace(workspace, body),
    onSuccess: (answer) => client.setQueryData(teamDetailsQueryKey(workspace), answer.data),
  });
}
