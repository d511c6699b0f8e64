import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import { useParams } from 'react-router';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { GroupPage } from '@/features/insights';
import { useTenantInfo } from '@/features/tenants';
import { AREA_COPY } from '../messages';

/** /groups/{id}: the group page. Its detail suffixes (collaborate) are still to come. */
export function Component() {
  const params = useParams();
  const id = params.groupId ?? '';
  const suffix = params['*'];
  const info = useTenantInfo();
  if (!suffix) return <GroupPage key={id} groupId={id} tz={info.data?.timezone} />;
  const copy = AREA_COPY.group;
  return (
    <AreaPlaceholder
      {...copy}
      title={`${copy.title} #${id}`}
      badge={`${suffix} · coming soon`}
      icon={<WorkspacesOutlinedIcon />}
    />
  );
}
