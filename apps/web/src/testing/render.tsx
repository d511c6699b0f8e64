import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider, createQueryClient } from '@/app/provider';
import { routes as appRoutes } from '@/app/router';

export interface RenderRouteOptions {
  /** Defaults to the app's own route table. */
  routes?: RouteObject[];
  state?: unknown;
}

// A style cache per render, emptied after each test: jsdom matches every style rule against an element each
// time Testing Library asks whether it is hidden, and the rules of a file's earlier screens made that slow.
const caches: EmotionCache[] = [];
afterEach(() => {
  for (const cache of caches.splice(0)) cache.sheet.flush();
});

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
  const cache = createCache({ key: 'css' });
  caches.push(cache);
  const view = render(
    <CacheProvider value={cache}>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </CacheProvider>,
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
