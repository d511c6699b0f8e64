import Chip, { type ChipProps } from '@mui/material/Chip';
import { statusLabel } from '../utils/group-view';

/** Severity colours (spec 2 §9): High red, Medium amber, Low blue. */
export const SEVERITY_COLOR: Record<string, ChipProps['color']> = {
  High: 'error',
  Medium: 'warning',
  Low: 'info',
};

export function SeverityChip({ severity }: { severity: string }) {
  return (
    <Chip size="small" label={severity} color={SEVERITY_COLOR[severity] ?? 'default'} variant="outlined" />
  );
}

/** Active shows as Live (green), Closed as closed. */
export function StatusChip({ status }: { status: string }) {
  const live = status === 'Active';
  return (
    <Chip
      size="small"
      label={live ? statusLabel(status) : status.toLowerCase()}
      color={live ? 'success' : 'default'}
      variant={live ? 'filled' : 'outlined'}
    />
  );
}

const TYPE_LABEL: Record<string, string> = {
  js: 'JS error',
  beacon: 'Beacon error',
  network: 'Network error',
  asset: 'Asset error',
  experience: 'Experience',
  cdp: 'CDP',
};

export function typeLabel(type: string, subType?: string | null): string {
  if (type === 'outage') return 'Outage';
  return (subType && TYPE_LABEL[subType]) ?? 'Error';
}

export function TypeChip({ type, subType }: { type: string; subType?: string | null }) {
  return <Chip size="small" label={typeLabel(type, subType)} variant="outlined" />;
}
