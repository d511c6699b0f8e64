import { routes } from '@tidemark/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /v1/logout (with the CSRF header, as every non-GET call): ends the session. */
export function logout(): Promise<{ success: boolean }> {
  return apiRequest(routes.logout, { redirectOnUnauthorized: false });
}

/** Ends the session and forgets every cached answer; the caller decides where to go next. */
export function useLogout(options: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      options.onSettled?.();
    },
  });
}
