import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.docsApi} icon={<MenuBookOutlinedIcon />} />;
}
