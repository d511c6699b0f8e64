export {
  MISSING,
  formatCompact,
  formatNumber,
  formatPercent,
  formatPercentValue,
  formatCurrency,
} from './number';
export type { CompactOptions, PercentOptions, CurrencyOptions } from './number';
export { formatDuration } from './duration';
export type { DurationOptions } from './duration';
export {
  DATE_FORMATS,
  DEFAULT_TIMEZONE,
  formatDate,
  safeTimezone,
  startOfInTimezone,
  addInTimezone,
  zoneOffsetMinutes,
  rangeNeedsYear,
  withYear,
} from './date';
export type { DateInput } from './date';
export { formatRelative } from './relative';
export { MAX_PERCENT_LIFT, formatAgainstExpected, liftTextReadsAsPercent, readsAsPercent } from './lift';
export { formatMetricValue } from './metric';
export type { MetricFormat } from './metric';
