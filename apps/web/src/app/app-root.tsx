import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useSearchParams } from 'react-router';
import { isPathWithin, paths } from '@/config/paths';
import { setDemoMode } from '@/session';

/**
 * Above every route: `mode=demo` anywhere in the URL turns demo mode on (spec 1 §2, Startup).
 * Inside the app the parameter is then dropped, so a reload after switching demo mode off does not turn it back on;
 * the sign-in pages keep it because it chooses their heading.
 */
export function AppRoot() {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const demoRequested = search.get('mode') === 'demo';
  const onAuthPage = isPathWithin(pathname, paths.login.path) || isPathWithin(pathname, paths.signup.path);
  useEffect(() => {
    if (!demoRequested) return;
    setDemoMode(true);
    if (!onAuthPage) {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('mode');
          return next;
        },
        { replace: true },
      );
    }
  }, [demoRequested, onAuthPage, setSearch]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
