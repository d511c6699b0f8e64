import { routes, type ProfileBody, type UserProfile } from '@tidemark/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /v1/users/profile: the signed-in user's own profile. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'profile'] as const,
    queryFn: ({ signal }): Promise<UserProfile> => apiRequest(routes.getProfile, { signal }),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** PUT /v1/users/profile: name and phone; the answer replaces the cached profile. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => apiRequest(routes.updateProfile, { body }),
    onSuccess: (answer) => {
      client.setQueryData(profileQueryOptions().queryKey, answer.data);
      // SMS is verified by a stored phone, so subscriptions change with the profile.
      return client.invalidateQueries({ queryKey: ['users', 'subscriptions'] });
    },
  });
}
