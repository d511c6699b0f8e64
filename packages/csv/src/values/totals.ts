const SPACE = 0x20;
const TAB = 0x09;

/** First-column labels of the summary row that exports put under the data (compared in lower case). */
export const TOTALS_LABELS = ['total', 'totals', 'grand total', 'summe', 'gesamt'];
const LABEL_BYTES = TOTALS_LABELS.map((l) => Uint8Array.from(l, (c) => c.charCodeAt(0)));

/** Whether a first byte may start a totals label: a cheap gate before the comparison. */
export function mayStartLabel(b: number | undefined): boolean {
  const l = (b ?? 0) | 0x20;
  return l === 0x74 || l === 0x67 || l === 0x73;
}

/**
 * Whether the first value of a record, bytes[s, e), marks it as a totals row: a totals label (spaces
 * around allowed), or nothing at all right after a blank line (analytics exports set their sums apart so).
 */
export function isTotalsValue(bytes: Uint8Array, s: number, e: number, afterBlank: boolean): boolean {
  while (s < e && (bytes[s] === SPACE || bytes[s] === TAB)) s++;
  while (e > s && (bytes[e - 1] === SPACE || bytes[e - 1] === TAB)) e--;
  if (s === e) return afterBlank;
  if (!mayStartLabel(bytes[s])) return false;
  labels: for (const label of LABEL_BYTES) {
    if (label.length !== e - s) continue;
    for (let k = 0; k < label.length; k++) {
      const b = bytes[s + k]!;
      if ((b >= 0x41 && b <= 0x5a ? b | 0x20 : b) !== label[k]) continue labels;
    }
    return true;
  }
  return false;
}

/** The same test on a decoded value. */
export function isTotalsText(value: string, afterBlank: boolean): boolean {
  const v = value.replace(/^[ \t]+|[ \t]+$/g, '').toLowerCase();
  return v === '' ? afterBlank : TOTALS_LABELS.includes(v);
}
