import ShowChartOutlinedIcon from '@mui/icons-material/ShowChartOutlined';
import { useParams } from 'react-router';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  const params = useParams();
  const id = params.metricId ?? '';
  const suffix = params['*'];
  const copy = AREA_COPY.metric;
  return (
    <AreaPlaceholder
      {...copy}
      title={`${copy.title} #${id}`}
      badge={suffix ? `${suffix} · coming soon` : undefined}
      icon={<ShowChartOutlinedIcon />}
    />
  );
}
