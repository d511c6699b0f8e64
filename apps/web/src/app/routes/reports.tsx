import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ReportsPage } from '@/features/reports';
import { useTenantInfo } from '@/features/tenants';
import { useTenantScope } from '@/session';

/** /reports: the weekly provider report; a card opens /events filtered to its provider (spec 2 §2.1). */
export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const info = useTenantInfo();
  const onSearchChange = useCallback(
    (next: URLSearchParams, options?: { replace?: boolean }) =>
      setParams(next, { replace: options?.replace }),
    [setParams],
  );
  const scope = useTenantScope();
  return (
    <ReportsPage
      search={params}
      onSearchChange={onSearchChange}
      tz={info.data?.timezone}
      eventsHref={(q) => paths.events.getHref({ ...q, tenant_id: scope.tenantId })}
      onNavigate={(href) => void navigate(href)}
      settingsHref={paths.preferences.getHref('stores')}
    />
  );
}
