import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { useParams } from 'react-router';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { InsightPage } from '@/features/insights';
import { useTenantInfo } from '@/features/tenants';
import { AREA_COPY } from '../messages';

/** /insights/{id}: the insight page. Its detail suffixes (collaborate) are still to come. */
export function Component() {
  const params = useParams();
  const id = params.insightId ?? '';
  const suffix = params['*'];
  const info = useTenantInfo();
  if (!suffix) return <InsightPage key={id} insightId={id} tz={info.data?.timezone} />;
  const copy = AREA_COPY.insight;
  return (
    <AreaPlaceholder
      {...copy}
      title={`${copy.title} #${id}`}
      badge={`${suffix} · coming soon`}
      icon={<LightbulbOutlinedIcon />}
    />
  );
}
