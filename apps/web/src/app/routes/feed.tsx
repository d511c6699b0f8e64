import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.feed} icon={<LightbulbOutlinedIcon />} />;
}
