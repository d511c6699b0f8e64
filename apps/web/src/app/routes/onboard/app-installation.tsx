import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { createConnection, followRedirect, useConnectors } from '@/features/connections';
import { AppInstallationCard } from '@/features/onboard';
import { useCurrentUser, useTenantScope } from '@/session';
import { useRefreshSessionOnArrival } from './refresh-session';

export function Component() {
  const user = useCurrentUser();
  const scope = useTenantScope();
  const navigate = useNavigate();
  const connectors = useConnectors();
  useRefreshSessionOnArrival();
  const storeApp = connectors.data?.find((c) => c.connector_name === 'shopify');
  return (
    <AppInstallationCard
      configured={connectors.isSuccess ? (storeApp?.is_configured ?? false) : undefined}
      notice={storeApp?.setup_notice}
      loadFailed={connectors.isError}
      onRetry={() => void connectors.refetch()}
      initialShop={user.shopify_shop_name}
      onInstall={async (shop) => {
        if (!storeApp) return;
        // The store platform asks the merchant to approve the app, then returns through the connection's callback.
        const created = await createConnection(
          { ...scope, isDemo: false },
          { connector_uuid: storeApp.connector_uuid, shop },
        );
        followRedirect(created.redirect, (path) => void navigate(path));
      }}
      onContinue={() => void navigate(paths.onboard.startTrial.path)}
    />
  );
}
