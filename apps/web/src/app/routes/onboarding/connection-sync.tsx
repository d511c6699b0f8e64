import SyncOutlinedIcon from '@mui/icons-material/SyncOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardingSync} icon={<SyncOutlinedIcon />} />;
}
