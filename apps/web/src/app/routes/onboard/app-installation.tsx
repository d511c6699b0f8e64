import InstallDesktopOutlinedIcon from '@mui/icons-material/InstallDesktopOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardAppInstallation} icon={<InstallDesktopOutlinedIcon />} />;
}
