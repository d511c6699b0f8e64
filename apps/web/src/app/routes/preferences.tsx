import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.preferences} icon={<TuneOutlinedIcon />} />;
}
