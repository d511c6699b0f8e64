import AddLinkOutlinedIcon from '@mui/icons-material/AddLinkOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardingSelect} icon={<AddLinkOutlinedIcon />} />;
}
