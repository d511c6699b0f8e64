import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { paths } from '@/config/paths';
import { configureApiClient } from '@/lib/api-client';
import { isDemoMode } from '@/session';
import { loginRedirect } from './guards/redirect-rules';

/** Connects the one API client to this router and cache. */
export function wireApiClient(router: DataRouter, queryClient: QueryClient): void {
  configureApiClient({
    // Every call carries is_demo=true while demo mode is on (spec 1 §2, Startup behaviour).
    defaultQuery: () => (isDemoMode() ? { is_demo: 'true' } : {}),
    // Any 401 sends the user to /login, remembering where they were (spec 1 §6).
    onUnauthorized: () => {
      const location = router.state.location;
      if (location.pathname === paths.login.path || location.pathname === paths.signup.path) return;
      queryClient.removeQueries();
      const { to, state } = loginRedirect(location);
      void router.navigate(to, { replace: true, state });
    },
  });
}
