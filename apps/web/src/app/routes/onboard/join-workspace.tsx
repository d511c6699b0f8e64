import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardJoinWorkspace} icon={<GroupsOutlinedIcon />} />;
}
