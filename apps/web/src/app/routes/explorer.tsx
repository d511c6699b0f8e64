import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.explorer} icon={<TravelExploreOutlinedIcon />} />;
}
