import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import { useParams } from 'react-router';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  const params = useParams();
  const id = params.groupId ?? '';
  const suffix = params['*'];
  const copy = AREA_COPY.group;
  return (
    <AreaPlaceholder
      {...copy}
      title={`${copy.title} #${id}`}
      badge={suffix ? `${suffix} · coming soon` : undefined}
      icon={<WorkspacesOutlinedIcon />}
    />
  );
}
