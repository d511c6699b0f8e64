import { useSearchParams } from 'react-router';
import { CsvUpload } from '@/features/connections';

/** /onboarding/csv?id=… adds the file to that data source (resume). */
export function Component() {
  const [params] = useSearchParams();
  return <CsvUpload datasourceId={params.get('id') ?? undefined} />;
}
