import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { verifyQueryKey } from '@/features/auth';

/** Router state asking the next onboarding step to reload the session (onboarding just ended). */
export const REFRESH_SESSION = { refreshSession: true } as const;

/** Reloads auth/verify once when the page was reached with REFRESH_SESSION. */
export function useRefreshSessionOnArrival(): void {
  const { state } = useLocation() as { state: unknown };
  const queryClient = useQueryClient();
  const asked = !!state && typeof state === 'object' && 'refreshSession' in state;
  useEffect(() => {
    if (asked) void queryClient.refetchQueries({ queryKey: verifyQueryKey });
  }, [asked, queryClient]);
}
