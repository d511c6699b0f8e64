import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import { useParams } from 'react-router';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  const params = useParams();
  const id = params.eventGroupId ?? '';
  const suffix = params['*'];
  const copy = AREA_COPY.eventGroup;
  return (
    <AreaPlaceholder
      {...copy}
      title={`${copy.title} #${id}`}
      badge={suffix ? `${suffix} · coming soon` : undefined}
      icon={<BoltOutlinedIcon />}
    />
  );
}
