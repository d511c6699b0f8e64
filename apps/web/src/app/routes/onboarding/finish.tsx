import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardingFinish} icon={<TaskAltOutlinedIcon />} />;
}
