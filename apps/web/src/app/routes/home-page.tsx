import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { catalogueFor } from '@tidemark/contract';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { ErrorState } from '@/components/error-state';
import { useTenantInfo } from '@/features/tenants';
import { isApiError } from '@/lib/api-client';
import { AREA_COPY } from '../messages';

/** The daily digest lands here later; for now the page names its area and the workspace settings. */
export function HomePage() {
  const info = useTenantInfo();
  return (
    <Stack spacing={3}>
      <AreaPlaceholder {...AREA_COPY.home} icon={<HomeOutlinedIcon />} />
      {info.isPending ? (
        <Stack direction="row" spacing={2}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={72} sx={{ flex: 1 }} />
          ))}
        </Stack>
      ) : info.isError ? (
        <ErrorState
          {...catalogueFor(isApiError(info.error) ? info.error.status : 500, 'workspace')}
          onRetry={() => void info.refetch()}
        />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {[
            { label: 'Currency', value: `${info.data.currency} (${info.data.currency_symbol})` },
            { label: 'Time zone', value: info.data.timezone },
            { label: 'Forecasting', value: info.data.is_forecast_enabled ? 'On' : 'Off' },
          ].map((item) => (
            <Paper key={item.label} variant="outlined" sx={{ p: 2, flex: 1 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {item.label}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{item.value}</Typography>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
