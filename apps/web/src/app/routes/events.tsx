import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.events} icon={<BoltOutlinedIcon />} />;
}
