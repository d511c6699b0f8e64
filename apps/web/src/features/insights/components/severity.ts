import type { Severity } from '@tidemark/contract';

export const SEVERITY_KEY: Record<Severity, 'high' | 'medium' | 'low'> = {
  High: 'high',
  Medium: 'medium',
  Low: 'low',
};

export const SCHEDULE_LABEL = {
  h: 'Hourly',
  d: 'Daily',
  w: 'Weekly',
  m: 'Monthly',
  q: 'Quarterly',
  y: 'Yearly',
} as const;
