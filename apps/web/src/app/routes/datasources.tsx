import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.datasources} icon={<StorageOutlinedIcon />} />;
}
