import { useNavigate, useSearchParams } from 'react-router';
import { SetPreferences, parsePreferenceTab } from '@/features/metrics';
import { paths } from '@/config/paths';

export function Component() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <SetPreferences
      extractionJobId={params.get('extraction_job_id') ?? ''}
      tab={parsePreferenceTab(params.get('tab'))}
      onTabChange={(tab) =>
        setParams(
          (p) => {
            p.set('tab', tab);
            return p;
          },
          { replace: true },
        )
      }
      onDone={() => void navigate(paths.onboarding.finish.getHref())}
    />
  );
}
