import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider, createQueryClient } from '@/app/provider';
import { routes as appRoutes } from '@/app/router';

export interface RenderRouteOptions {
  /** Defaults to the app's own route table. */
  routes?: RouteObject[];
  state?: unknown;
}

/** Renders the router at `path` with the app's providers; a fresh query cache per test. */
export function renderRoute(path: string, options: RenderRouteOptions = {}) {
  const router = createMemoryRouter(options.routes ?? appRoutes, {
    initialEntries: [
      {
        pathname: new URL(path, 'http://x').pathname,
        search: new URL(path, 'http://x').search,
        state: options.state,
      },
    ],
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/** A single element at `path`, for components that read the router. */
export function renderWithRouter(element: ReactElement, path = '/', extra: RouteObject[] = []) {
  return renderRoute(path, {
    routes: [
      { path: new URL(path, 'http://x').pathname, element },
      ...extra,
      { path: '*', element: <p>elsewhere</p> },
    ],
  });
}
