import { routes, type TeamState } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useDataScope } from '@/session';

/** POST /v1/groups/team_states. A group already in the target state is left alone by the server. */
export function useMoveTeamState() {
  const scope = useDataScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { old_state: TeamState; current_state: TeamState; groups: string[] }) =>
      apiRequest(routes.moveTeamStates, { query: tenantQuery(scope), body: input }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['insights'] });
    },
  });
}
