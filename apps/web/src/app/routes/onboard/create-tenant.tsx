import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardCreateTenant} icon={<StorefrontOutlinedIcon />} />;
}
