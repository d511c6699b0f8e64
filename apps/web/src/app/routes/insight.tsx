import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { useParams } from 'react-router';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  const params = useParams();
  const id = params.insightId ?? '';
  const suffix = params['*'];
  const copy = AREA_COPY.insight;
  return (
    <AreaPlaceholder
      {...copy}
      title={`${copy.title} #${id}`}
      badge={suffix ? `${suffix} · coming soon` : undefined}
      icon={<LightbulbOutlinedIcon />}
    />
  );
}
