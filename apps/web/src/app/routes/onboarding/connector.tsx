import { Navigate, useParams, useSearchParams } from 'react-router';
import { CsvUpload, DatabaseSetup, ShopifySetup } from '@/features/connections';
import { paths } from '@/config/paths';
import { useTenantInfo } from '@/features/tenants';

/** /onboarding/{connector_name}?id=…: resumes a file upload, or a connector's own setup step. */
export function Component() {
  const { connector_name: name } = useParams();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const info = useTenantInfo();
  if (name === 'csv')
    return <CsvUpload datasourceId={id || undefined} workspaceTimeZone={info.data?.timezone} />;
  if (!id) return <Navigate to={paths.onboarding.selectDatasources.getHref()} replace />;
  if (name === 'postgres' || name === 'mysql') return <DatabaseSetup datasourceId={id} connector={name} />;
  if (name === 'shopify') return <ShopifySetup datasourceId={id} error={params.get('error')} />;
  return <Navigate to={paths.onboarding.selectDatasources.getHref()} replace />;
}
