import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { OnboardingFrame } from '@/components/onboarding-frame';
import { paths } from '@/config/paths';
import { METRICS_COPY } from '../messages';

/** Step 5: all set, then /metrics. */
export function OnboardingFinish() {
  return (
    <OnboardingFrame
      step={4}
      title={METRICS_COPY.finishTitle}
      actions={
        <Button variant="contained" component={RouterLink} to={paths.metrics.getHref()}>
          {METRICS_COPY.goToMetrics}
        </Button>
      }
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
        <CheckCircleOutlineIcon sx={{ fontSize: 56, color: 'success.main' }} aria-hidden />
        <Typography sx={{ maxWidth: 520 }}>{METRICS_COPY.finishBody}</Typography>
      </Stack>
    </OnboardingFrame>
  );
}
