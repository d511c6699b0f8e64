// The skew test behind primary_driver: Pearson's chi-square goodness of fit of the errored page views'
// browser (or OS) mix against the mix of all page views, p-value from the chi-square distribution.

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 for x > 0.
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularised upper incomplete gamma Q(s, x) (series below s + 1, continued fraction above). */
export function gammaQ(s: number, x: number): number {
  if (x <= 0) return 1;
  const lead = -x + s * Math.log(x) - logGamma(s);
  if (x < s + 1) {
    let sum = 1 / s;
    let term = sum;
    for (let n = 1; n < 500; n++) {
      term *= x / (s + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(lead));
  }
  let b = x + 1 - s;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - s);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(lead) * h);
}

/** P(X ≥ statistic) for X chi-square with `df` degrees of freedom. */
export const chiSquarePValue = (statistic: number, df: number): number =>
  df <= 0 ? 1 : gammaQ(df / 2, statistic / 2);

export interface GoodnessOfFit {
  statistic: number;
  df: number;
  pValue: number;
  /** The categories tested (those expecting fewer than 5 are pooled into Other). */
  categories: string[];
}

/**
 * Observed counts per category against the shares of a reference population. Categories expected to get
 * fewer than 5 observations are pooled so the chi-square approximation holds.
 */
export function goodnessOfFit(observed: Map<string, number>, reference: Map<string, number>): GoodnessOfFit {
  const n = [...observed.values()].reduce((a, b) => a + b, 0);
  const total = [...reference.values()].reduce((a, b) => a + b, 0);
  if (n <= 0 || total <= 0) return { statistic: 0, df: 0, pValue: 1, categories: [] };
  const names = new Set([...observed.keys(), ...reference.keys()]);
  const cells: Array<{ name: string; o: number; e: number }> = [];
  let pooled = { name: 'Other', o: 0, e: 0 };
  for (const name of names) {
    // A value never seen in page views still gets a small expectation: errors there are surprising, not infinite.
    const share = Math.max(reference.get(name) ?? 0, 0.5) / total;
    const cell = { name, o: observed.get(name) ?? 0, e: n * share };
    if (cell.e < 5) pooled = { name: 'Other', o: pooled.o + cell.o, e: pooled.e + cell.e };
    else cells.push(cell);
  }
  if (pooled.e > 0) cells.push(pooled);
  if (cells.length < 2) return { statistic: 0, df: 0, pValue: 1, categories: cells.map((c) => c.name) };
  const statistic = cells.reduce((sum, c) => sum + (c.o - c.e) ** 2 / c.e, 0);
  const df = cells.length - 1;
  return { statistic, df, pValue: chiSquarePValue(statistic, df), categories: cells.map((c) => c.name) };
}
