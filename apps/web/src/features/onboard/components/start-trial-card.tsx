import CheckIcon from '@mui/icons-material/Check';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DocumentTitle } from '@/components/page-header';
import { ONBOARD_COPY } from '../messages';
import { storeAdminPricingUrl } from '../utils/store-admin';

const COPY = ONBOARD_COPY.startTrial;

export interface StartTrialCardProps {
  /** The store whose admin holds the pricing page; null when none is known yet. */
  shop: string | null;
  onLater: () => void;
}

/** start_trial: the trial's promise and Select Plan, which opens the store admin's pricing page. */
export function StartTrialCard({ shop, onLater }: StartTrialCardProps) {
  const pricingUrl = storeAdminPricingUrl(shop);
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <DocumentTitle title={COPY.title} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="h3" component="h1">
          {COPY.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {COPY.subtitle}
        </Typography>
        <Stack spacing={2} sx={{ mt: 4 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <TrendingUpIcon color="success" aria-hidden />
            <Typography variant="h5" component="p">
              {COPY.goal}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CheckIcon color="primary" aria-hidden />
            <Typography>{COPY.cancel}</Typography>
          </Stack>
          {!pricingUrl && (
            <Alert severity="info" role="status">
              {COPY.noStore}
            </Alert>
          )}
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 4 }}>
          <Button size="large" onClick={onLater}>
            {COPY.later}
          </Button>
          {pricingUrl ? (
            <Button
              variant="contained"
              size="large"
              href={pricingUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {COPY.selectPlan}
            </Button>
          ) : (
            <Button variant="contained" size="large" disabled>
              {COPY.selectPlan}
            </Button>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
