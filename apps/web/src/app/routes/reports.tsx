import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.reports} icon={<AssessmentOutlinedIcon />} />;
}
