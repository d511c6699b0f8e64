import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { METRICS_HUB_COPY } from '../../messages';

/** DESIGN: each tier has its own hue, used the same way everywhere. */
export const TIER_COLORS: Record<number, string> = { 1: '#7c3aed', 2: '#0e7490', 3: '#475569' };

export function TierChip({ tier }: { tier: number }) {
  const color = TIER_COLORS[tier] ?? TIER_COLORS[3]!;
  return (
    <Chip
      size="small"
      label={METRICS_HUB_COPY.tier(tier)}
      sx={{ bgcolor: alpha(color, 0.12), color, fontWeight: 600, borderRadius: 1 }}
    />
  );
}

export function AccentLabel({ accent }: { accent: 'positive' | 'negative' }) {
  return <>{accent === 'positive' ? METRICS_HUB_COPY.up : METRICS_HUB_COPY.down}</>;
}
