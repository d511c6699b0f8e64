import { routes, type VerifyResponse } from '@tidemark/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';

/** GET /v1/auth/verify: the signed-in user and their workspaces, or 401. */
export function getVerify(signal?: AbortSignal): Promise<VerifyResponse> {
  // The guard and the logged-in-as page decide themselves what "not signed in" means.
  return apiRequest(routes.verify, { signal, redirectOnUnauthorized: false });
}

export const verifyQueryKey = ['auth', 'verify'] as const;

export function verifyQueryOptions() {
  return queryOptions({
    queryKey: verifyQueryKey,
    queryFn: ({ signal }) => getVerify(signal),
    staleTime: 5 * 60_000,
    // A 4xx answer is final; only transport and server failures are worth another try.
    retry: (failureCount, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

export function useVerify() {
  return useQuery(verifyQueryOptions());
}
