import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardingCsv} icon={<UploadFileOutlinedIcon />} />;
}
