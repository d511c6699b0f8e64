import { routes, type Subscriptions, type SubscriptionsPatch } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCurrentUser } from '@/session';

/** GET /v1/users/{uuid}/subscriptions: channels, event filters and Slack's state. */
export function subscriptionsQueryOptions(userUuid: string) {
  return queryOptions({
    queryKey: ['users', 'subscriptions', userUuid] as const,
    queryFn: ({ signal }): Promise<Subscriptions> =>
      apiRequest(routes.getSubscriptions, { params: { user_uuid: userUuid }, signal }),
  });
}

export function useSubscriptions() {
  return useQuery(subscriptionsQueryOptions(useCurrentUser().user_uuid));
}

/**
 * PATCH /v1/users/{uuid}/subscriptions. Nothing is changed in the cache before the server answers, so a
 * toggle shows the new value only once it is confirmed and keeps the old one on failure (spec 1 §4).
 */
export function useUpdateSubscriptions() {
  const userUuid = useCurrentUser().user_uuid;
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionsPatch) =>
      apiRequest(routes.updateSubscriptions, { params: { user_uuid: userUuid }, body }),
    onSuccess: (answer) => {
      client.setQueryData(subscriptionsQueryOptions(userUuid).queryKey, answer.data);
      return client.invalidateQueries({ queryKey: ['preferences', 'events', 'mapping'] });
    },
  });
}
