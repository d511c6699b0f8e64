import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { PageSkeleton } from '@/components/page-skeleton';
import { GlobalFilterSync } from '@/features/filters';
import { useFlags } from '@/features/flags';
import { useTenantInfo } from '@/features/tenants';
import { CurrencyProvider } from '@/lib/currency';
import { startSupportChat } from '@/lib/support-chat';
import { clearStoredGlobalFilter, useCurrentUser, useDemoMode } from '@/session';
import { SHELL_COPY } from '../messages';
import { DemoBanner } from './demo-banner';
import { TopBar } from './top-bar';

/** Top bar, demo banner and the page. Page errors render inside it (see router.tsx). */
export function AppShell() {
  const [demoMode, setDemoMode] = useDemoMode();
  const navigation = useNavigation();
  const { flags, isPending } = useFlags();
  const globalFilterOff = !isPending && !flags['global-filter'];
  const user = useCurrentUser();
  const info = useTenantInfo();
  const displayName = [user.given_name, user.family_name].filter(Boolean).join(' ');

  useEffect(() => startSupportChat({ email: user.email, name: displayName }), [user.email, displayName]);

  // With the global-filter feature off, no stored filter may keep segmenting the data (spec 1 §4).
  useEffect(() => {
    if (globalFilterOff) clearStoredGlobalFilter();
  }, [globalFilterOff]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <GlobalFilterSync feature={isPending ? 'pending' : flags['global-filter'] ? 'on' : 'off'} />
      <TopBar />
      {navigation.state === 'loading' && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1200, height: 2 }}
        />
      )}
      {demoMode && <DemoBanner onExit={() => setDemoMode(false)} />}
      <Box
        component="main"
        sx={{ flex: 1, width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 2, md: 4 }, py: 4 }}
      >
        {/* Pages draw the workspace's days, weeks and money: until its zone and currency are known (or failed
            to load), a page would ask in the browser's zone, then again, and could act on the first answer.
            Only the first answer is awaited: a page mounting after a failure asks again, and holding it then
            would unmount it, and it would ask again when shown. */}
        {info.isLoading && info.errorUpdateCount === 0 ? (
          <PageSkeleton label={SHELL_COPY.loadingWorkspace} />
        ) : (
          <CurrencyProvider symbol={info.data?.currency_symbol}>
            <Outlet />
          </CurrencyProvider>
        )}
      </Box>
    </Box>
  );
}
