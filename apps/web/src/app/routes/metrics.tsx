import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.metrics} icon={<InsightsOutlinedIcon />} />;
}
