import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardStartTrial} icon={<RocketLaunchOutlinedIcon />} />;
}
