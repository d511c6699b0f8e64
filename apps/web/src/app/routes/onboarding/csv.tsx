import { useSearchParams } from 'react-router';
import { CsvUpload } from '@/features/connections';
import { useTenantInfo } from '@/features/tenants';

/** /onboarding/csv?id=… adds the file to that data source (resume). */
export function Component() {
  const [params] = useSearchParams();
  const info = useTenantInfo();
  return <CsvUpload datasourceId={params.get('id') ?? undefined} workspaceTimeZone={info.data?.timezone} />;
}
