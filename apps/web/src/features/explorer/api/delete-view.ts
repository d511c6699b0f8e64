import { routes } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tokenHeaders, useExplorerToken } from './explorer-token';

/** DELETE /v1/explorer/views/:id. */
export function deleteExplorerView(token: string, id: string): Promise<{ success: true; message: string }> {
  return apiRequest(routes.deleteExplorerView, { params: { id }, headers: tokenHeaders(token) });
}

export function useDeleteExplorerView() {
  const token = useExplorerToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteExplorerView(token, id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['explorer', 'views'] }),
  });
}
