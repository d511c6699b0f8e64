import { routes, type CreateExplorerViewBody, type ExplorerView } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tokenHeaders, useExplorerToken } from './explorer-token';

/** POST /v1/explorer/views: saves the current exploration under a name. */
export function createExplorerView(
  token: string,
  body: CreateExplorerViewBody,
): Promise<{ view: ExplorerView }> {
  return apiRequest(routes.createExplorerView, { headers: tokenHeaders(token), body });
}

export function useCreateExplorerView() {
  const token = useExplorerToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateExplorerViewBody) => createExplorerView(token, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['explorer', 'views'] }),
  });
}
