import { routes } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError, type ResponseOf } from '@/lib/api-client';
import { tenantQuery, dataScopeKey, useDataScope, type DataScope } from '@/session';

export type Feedback = ResponseOf<typeof routes.getGroupFeedback>;

/**
 * GET /v1/insights/groups/:id/feedback: null when there is no feedback yet, so the buttons start unset
 * (spec 3 §7). A 404 (the group is gone) resets them the same way instead of failing.
 */
export async function getGroupFeedback(
  scope: DataScope,
  groupId: string,
  signal?: AbortSignal,
): Promise<Feedback | null> {
  try {
    return await apiRequest(routes.getGroupFeedback, {
      params: { group_id: groupId },
      query: tenantQuery(scope),
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function groupFeedbackQueryOptions(scope: DataScope, groupId: string) {
  return queryOptions({
    queryKey: ['insights', 'group-feedback', groupId, ...dataScopeKey(scope)] as const,
    queryFn: ({ signal }) => getGroupFeedback(scope, groupId, signal),
    staleTime: Infinity,
  });
}

export function useGroupFeedback(groupId: string) {
  return useQuery(groupFeedbackQueryOptions(useDataScope(), groupId));
}

/** POST /v1/insights/groups/:id/feedback: either whether it helped or a comment, never both. */
export type FeedbackInput = { feedback_ishelpful: boolean } | { feedback_comment: string };

export function usePostGroupFeedback(groupId: string) {
  const scope = useDataScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackInput) =>
      apiRequest(routes.postGroupFeedback, {
        params: { group_id: groupId },
        query: tenantQuery(scope),
        body,
      }),
    onSuccess: (feedback) =>
      client.setQueryData(groupFeedbackQueryOptions(scope, groupId).queryKey, feedback),
  });
}

/** POST /v1/insights/:id/feedback: the insight page's comment. */
export function usePostInsightFeedback(insightId: string) {
  const scope = useDataScope();
  return useMutation({
    mutationFn: (body: FeedbackInput) =>
      apiRequest(routes.postInsightFeedback, {
        params: { insight_id: insightId },
        query: tenantQuery(scope),
        body,
      }),
  });
}
