import { routes } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useDataScope } from '@/session';

export interface AnnotationText {
  title: string;
  summary: string;
}

/** POST …/annotate for an insight or a group; the server answers with the sanitised text it stored. */
export function useAnnotate(kind: 'insight' | 'group', id: string) {
  const scope = useDataScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { old_data: AnnotationText; new_data: AnnotationText }) =>
      kind === 'group'
        ? apiRequest(routes.annotateGroup, {
            params: { group_id: id },
            query: tenantQuery(scope),
            body: input,
          })
        : apiRequest(routes.annotateInsight, {
            params: { insight_id: id },
            query: tenantQuery(scope),
            body: input,
          }),
    onSuccess: () => {
      // The page, the feed's cards and the history all show the new text.
      void client.invalidateQueries({ queryKey: ['insights'] });
    },
  });
}
