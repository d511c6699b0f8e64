import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { AREA_COPY } from '../../messages';

export function Component() {
  return <AreaPlaceholder {...AREA_COPY.onboardingConfigureMetrics} icon={<TableChartOutlinedIcon />} />;
}
