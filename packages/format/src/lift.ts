/**
 * Relative changes beyond ±999 % say nothing a reader can use ('+4k%' is one order against an expected
 * fraction of one): past this they are given in units.
 */
export const MAX_PERCENT_LIFT = 9.99;

/** Whether a relative change (a fraction: 0.12 is +12 %) reads as a percent: finite and within ±999 %. */
export function readsAsPercent(fraction: number | null | undefined): boolean {
  return (
    fraction !== null &&
    fraction !== undefined &&
    Number.isFinite(fraction) &&
    Math.abs(fraction) <= MAX_PERCENT_LIFT
  );
}

/**
 * Whether a lift already written as text reads as a percent: '+810.7%' does, '+4k%' (shortened because it
 * passed 999 %) and units ('+41') do not.
 */
export function liftTextReadsAsPercent(text: string): boolean {
  const match = /^[+-]?(\d+(?:\.\d+)?)%$/.exec(text.trim());
  return match !== null && Number(match[1]) <= MAX_PERCENT_LIFT * 100;
}

/** A movement in units when a percent would mislead: ('41', '1') → '41 against about 1 expected'. */
export function formatAgainstExpected(current: string, expected: string): string {
  return `${current} against about ${expected} expected`;
}
