import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardUserPersona} icon={<PersonOutlineOutlinedIcon />} />;
}
