import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SyncScreen } from '@/features/connections';
import { replicateMetrics } from '@/features/metrics';
import { paths } from '@/config/paths';
import { useTenants, useTenantScope } from '@/session';

/**
 * /onboarding/connection/sync?id&ongoing_extraction&forced&transform (spec 1 §4). With transform, the
 * template workspace's setup is copied and the wizard goes to finish: transform names the template's id,
 * or any value means the demo workspace.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const scope = useTenantScope();
  const tenants = useTenants();
  const datasourceId = params.get('id') ?? '';
  const transform = params.get('transform');
  const template = transform
    ? /^\d+$/.test(transform)
      ? Number(transform)
      : (tenants.find((t) => t.is_demo)?.tenant_id ?? null)
    : null;

  const replicate = useCallback(async () => {
    if (template === null || scope.tenantId === null) return;
    await replicateMetrics(scope, { fromTenantId: template, toTenantId: scope.tenantId, datasourceId });
    void navigate(paths.onboarding.finish.getHref(), { replace: true });
  }, [template, scope, datasourceId, navigate]);

  return (
    <SyncScreen
      key={datasourceId}
      datasourceId={datasourceId}
      ongoingExtraction={params.get('ongoing_extraction') === 'true'}
      forced={params.get('forced') === 'true'}
      onReady={transform ? replicate : undefined}
    />
  );
}
