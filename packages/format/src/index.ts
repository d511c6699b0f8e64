export {
  MISSING,
  formatCompact,
  formatNumber,
  formatPercent,
  formatPercentValue,
  formatCurrency,
  formatMoneyAmount,
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
  bucketEnd,
  zoneOffsetMinutes,
  rangeNeedsYear,
  withYear,
  spanOf,
  formatShownDate,
  shownDateFormat,
} from './date';
export type { DateInput, ShownDateOptions } from './date';
export { formatRelative } from './relative';
export { MAX_PERCENT_LIFT, formatAgainstExpected, liftTextReadsAsPercent, readsAsPercent } from './lift';
export { formatMetricValue } from './metric';
export type { MetricFormat } from './metric';
