import { useNavigate, useSearchParams } from 'react-router';
import { ConfigureMetrics } from '@/features/metrics';
import { paths, withQuery } from '@/config/paths';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const extractionJobId = params.get('extraction_job_id') ?? '';
  return (
    <ConfigureMetrics
      extractionJobId={extractionJobId}
      onDone={(datasourceId) =>
        void navigate(
          withQuery(paths.onboarding.setPreferences.path, {
            extraction_job_id: extractionJobId,
            id: datasourceId,
          }),
        )
      }
    />
  );
}
