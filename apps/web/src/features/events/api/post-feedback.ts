import { routes } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tenantQuery, useDataScope } from '@/session';
import { eventFeedbackQueryOptions, type EventFeedback } from './get-feedback';

/** Either whether it helped (null clears it) or a reason, never both (spec 2 §5). */
export type EventFeedbackBody = { feedback_ishelpful: boolean | null } | { feedback_comment: string };

/** POST /v1/events/groups/:id/feedback. */
export function usePostEventFeedback(id: string) {
  const scope = useDataScope();
  const client = useQueryClient();
  const key = eventFeedbackQueryOptions(scope, id).queryKey;
  return useMutation({
    mutationFn: (body: EventFeedbackBody) =>
      apiRequest(routes.postEventGroupFeedback, { params: { id }, query: tenantQuery(scope), body }),
    onSuccess: (_answer, body) =>
      client.setQueryData<EventFeedback | null>(key, (old) => ({
        feedback_id: old?.feedback_id ?? '',
        feedback_ishelpful:
          'feedback_ishelpful' in body ? body.feedback_ishelpful : (old?.feedback_ishelpful ?? null),
        feedback_comment:
          'feedback_comment' in body ? body.feedback_comment : (old?.feedback_comment ?? null),
      })),
  });
}
