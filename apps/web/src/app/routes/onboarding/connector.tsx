import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardingConnector} icon={<PlayCircleOutlinedIcon />} />;
}
