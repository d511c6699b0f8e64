import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureApiClient } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { isDemoMode } from '@/session';
import { loginRedirect } from './guards/redirect-rules';
import { AppProvider, createQueryClient } from './provider';
import { routes } from './router';

function createApp() {
  const queryClient = createQueryClient();
  const router = createBrowserRouter(routes);
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
  return { queryClient, router };
}

// One router and one cache for the page's lifetime, created outside React so StrictMode's double
// render cannot wire the API client to a router that is thrown away.
const { queryClient, router } = createApp();

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
