import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useSearchParams } from 'react-router';
import { setDemoMode } from '@/session';

/** Above every route: `mode=demo` anywhere in the URL turns demo mode on (spec 1 §2, Startup). */
export function AppRoot() {
  const [search] = useSearchParams();
  const demoRequested = search.get('mode') === 'demo';
  useEffect(() => {
    if (demoRequested) setDemoMode(true);
  }, [demoRequested]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
