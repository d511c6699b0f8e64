import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { COLLABORATE_COPY } from '../../messages';
import type { BusinessHealth } from '../detail/annotation';

/** Where a collaborate page goes on Back, and how it opens an insight: the route decides (page or overlay). */
export interface CollaborateNav {
  onBack: () => void;
  /** The insight's analyse page as a link (for a new tab) and as an in-app move. */
  analyseHref: (insightId: string) => string;
  onAnalyse: (insightId: string) => void;
}

export function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1.5, ml: -1 }} onClick={onBack}>
      {COLLABORATE_COPY.back}
    </Button>
  );
}

const HEALTH_COLOR = { Good: 'success', Neutral: 'default', Slow: 'warning' } as const;

/** Business health (spec 3 §9): Good, Neutral or Slow. */
export function HealthChip({ health }: { health: BusinessHealth }) {
  return (
    <Chip
      size="small"
      color={HEALTH_COLOR[health]}
      variant={health === 'Neutral' ? 'outlined' : 'filled'}
      label={`${COLLABORATE_COPY.businessHealth}: ${COLLABORATE_COPY.health[health]}`}
      data-testid="business-health"
    />
  );
}

export function CollaborateSkeleton({ label }: { label: string }) {
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} aria-busy="true" aria-label={label}>
      <Skeleton width={80} height={32} sx={{ mb: 1.5 }} />
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
          <Skeleton variant="rounded" width={56} height={24} />
          <Skeleton width={240} />
        </Stack>
        <Skeleton width="60%" height={36} />
        <Skeleton width="90%" />
      </Paper>
      <Skeleton variant="rounded" height={56} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}
