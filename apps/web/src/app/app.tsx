import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './provider';
import { routes } from './router';
import { wireApiClient } from './wire-api-client';

// One router and one cache for the page's lifetime, created outside React so StrictMode's double
// render cannot wire the API client to a router that is thrown away.
const queryClient = createQueryClient();
const router = createBrowserRouter(routes);
wireApiClient(router, queryClient);

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
