const UNITS = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'k' },
] as const;

/** Shown for null, NaN and infinities so a broken figure never reads as a real one. */
export const MISSING = '–';

export interface CompactOptions {
  /** Decimals kept after shortening (spec: one). */
  decimals?: number;
  /** Keep a trailing '.0' ('1.0k'); off by default so '2k' reads cleanly. */
  keepTrailingZero?: boolean;
  /** Suffix letter for thousands; charts' y-axes use 'K'. */
  thousands?: 'k' | 'K';
}

/** 1234 → '1.2k', 2_500_000 → '2.5M', 999_960 → '1M', -987 → '-987', 0.456 → '0.46'. */
export function formatCompact(value: number | null | undefined, options: CompactOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const decimals = options.decimals ?? 1;
  const abs = Math.abs(value);
  let text: string;
  let suffix = '';
  if (Number(abs.toFixed(decimals)) < 1000) {
    // Below a thousand: whole numbers stay whole; small fractions keep two decimals so 0.04 is not '0'.
    text = Number.isInteger(abs) ? String(abs) : abs.toFixed(abs < 1 ? Math.max(2, decimals) : decimals);
  } else {
    // Smallest unit whose rounded value stays under 1000, so 999_960 becomes '1M', not '1000k'.
    const ascending = [...UNITS].reverse();
    const unit = ascending.find((u) => Number((abs / u.value).toFixed(decimals)) < 1000) ?? UNITS[0];
    const scaled = abs / unit.value;
    // toFixed switches to exponent notation at 1e21; such sizes only come from broken data.
    text = scaled < 1e21 ? scaled.toFixed(decimals) : scaled.toExponential(decimals);
    suffix = unit.suffix === 'k' ? (options.thousands ?? 'k') : unit.suffix;
  }
  if (!options.keepTrailingZero && text.includes('.')) text = text.replace(/\.?0+$/, '');
  const sign = value < 0 && Number(text) !== 0 ? '-' : '';
  return sign + text + suffix;
}

/** A plain number with thousands separators and fixed decimals: 12345.6 → '12,345.6'. */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const fixed = Math.abs(value).toFixed(decimals);
  const [int = '0', frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return sign + grouped + (frac ? '.' + frac : '');
}

export interface PercentOptions {
  decimals?: number;
  /** Prefix '+' on positive values, for lifts and changes. */
  signed?: boolean;
  /** Round down (toward zero) instead of to nearest: the root-cause table floors impact. */
  floor?: boolean;
}

/** A fraction as a percent with one decimal: 0.2345 → '23.5%'. */
export function formatPercent(fraction: number | null | undefined, options: PercentOptions = {}): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return MISSING;
  const decimals = options.decimals ?? 1;
  const factor = 10 ** decimals;
  let pct = fraction * 100;
  pct = options.floor ? Math.trunc(pct * factor) / factor : Math.round(pct * factor) / factor;
  if (Object.is(pct, -0) || pct === 0) pct = 0;
  const sign = options.signed && pct > 0 ? '+' : '';
  const abs = Math.abs(pct);
  const body = abs >= 1000 ? formatCompact(abs) : abs.toFixed(decimals);
  return sign + (pct < 0 ? '-' : '') + body + '%';
}

/** A value already in percent units (12.3 → '12.3%'). */
export function formatPercentValue(percent: number | null | undefined, options: PercentOptions = {}): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return MISSING;
  return formatPercent(percent / 100, options);
}

export interface CurrencyOptions {
  /** The tenant's currency symbol (tenant config currency_symbol). */
  symbol?: string;
  /** Shorten with k/M/B/T (default) or show the full amount with cents. */
  compact?: boolean;
  signed?: boolean;
}

/**
 * An amount in full for sentences and impact figures: whole units from 100 up, cents below
 * (1234.5 with '€' → '€1,235'; 12.5 → '€12.5'; -3 → '-€3'). The symbol is the workspace's or the metric's.
 */
export function formatMoneyAmount(value: number | null | undefined, symbol = '$'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const abs = Math.abs(value);
  const body = abs.toLocaleString('en-US', { maximumFractionDigits: abs >= 100 ? 0 : 2 });
  return (value < 0 && body !== '0' ? '-' : '') + symbol + body;
}

/** 12345 with '€' → '€12.3k'; -50.5 → '-$50.50' when not compact. */
export function formatCurrency(value: number | null | undefined, options: CurrencyOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const symbol = options.symbol ?? '$';
  const compact = options.compact ?? true;
  const abs = Math.abs(value);
  const body = compact ? formatCompact(abs) : formatNumber(abs, 2);
  const sign = value < 0 && body !== '0' ? '-' : options.signed && value > 0 ? '+' : '';
  return sign + symbol + body;
}
