import { catalogueFor } from '@tidemark/contract';
import { ErrorActions } from '../errors/error-actions';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageSkeleton } from '@/components/page-skeleton';
import { StatusScreen } from '@/components/status-screen';
import { useVerify } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import {
  SessionProvider,
  resolveTenantId,
  selectCustomer,
  useDemoMode,
  useSelectedCustomer,
} from '@/session';
import { ERROR_COPY, SHELL_COPY } from '../messages';
import { guardRedirect, isForeignTenantLink, loginRedirect } from './redirect-rules';

/**
 * Everything under it needs a signed-in user. It loads `auth/verify` once, applies the redirect
 * rules, and provides the user and workspaces to the screens below.
 */
export function GuardedRoot() {
  const location = useLocation();
  const [search] = useSearchParams();
  const verify = useVerify();
  const [selectedCustomer] = useSelectedCustomer();
  const [demoMode] = useDemoMode();
  const user = verify.data?.user;
  const urlTenantId = search.get('tenant_id');
  const tenantId = user ? resolveTenantId({ user, urlTenantId, selectedCustomer }) : null;

  // An operator following a link with tenant_id keeps viewing that customer as they move around.
  useEffect(() => {
    if (user?.is_operator && urlTenantId && tenantId !== null && tenantId !== selectedCustomer) {
      selectCustomer(tenantId);
    }
  }, [user?.is_operator, urlTenantId, tenantId, selectedCustomer]);

  if (verify.isPending) return <PageSkeleton withTopBar label={SHELL_COPY.loadingWorkspace} />;

  if (verify.isError) {
    if (isApiError(verify.error) && verify.error.status === 401) {
      const { to, state } = loginRedirect(location);
      return <Navigate to={to} state={state} replace />;
    }
    const status = isApiError(verify.error) ? verify.error.status : 500;
    const { title, message } = catalogueFor(status);
    return (
      <StatusScreen
        fullPage
        title={title}
        message={message}
        actions={
          <Button variant="contained" onClick={() => void verify.refetch()}>
            {ERROR_COPY.retry}
          </Button>
        }
      />
    );
  }

  const redirect = guardRedirect({
    pathname: location.pathname,
    user: verify.data.user,
    tenantCount: verify.data.tenants.length,
    hasCustomer: tenantId !== null,
    demoMode,
  });
  if (redirect) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={redirect.to} state={redirect.rememberFrom ? { from } : undefined} replace />;
  }

  const memberTenantIds = verify.data.tenants.map((t) => t.tenant_id);
  if (isForeignTenantLink({ user: verify.data.user, memberTenantIds, urlTenantId })) {
    const { title, message } = catalogueFor(403);
    return <StatusScreen fullPage code="403" title={title} message={message} actions={<ErrorActions />} />;
  }

  return (
    <SessionProvider value={verify.data}>
      <Outlet />
    </SessionProvider>
  );
}
