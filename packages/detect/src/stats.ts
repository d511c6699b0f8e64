/** Median of the finite values (NaN when none); sorts a copy. */
export function median(values: ArrayLike<number>): number {
  const xs: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) xs.push(v);
  }
  if (xs.length === 0) return NaN;
  xs.sort((a, b) => a - b);
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m]! : (xs[m - 1]! + xs[m]!) / 2;
}

/** Standard normal quantile (Acklam's approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - lo) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/**
 * k-th smallest of buf[0..len) by quickselect, reordering buf in place: O(len) on average,
 * where a sort would be O(len log len) plus a comparator call per comparison.
 */
export function selectInPlace(buf: Float64Array, len: number, k: number): number {
  let lo = 0;
  let hi = len - 1;
  while (hi > lo) {
    // Median of three as the pivot keeps sorted or seasonal input away from the quadratic case.
    const mid = (lo + hi) >> 1;
    const a = buf[lo]!;
    const b = buf[mid]!;
    const c = buf[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (buf[i]! < pivot) i++;
      while (buf[j]! > pivot) j--;
      if (i <= j) {
        const t = buf[i]!;
        buf[i] = buf[j]!;
        buf[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return buf[k]!;
  }
  return buf[k]!;
}

/** Median of buf[0..len) (NaN when empty), reordering buf in place. */
export function medianInPlace(buf: Float64Array, len: number): number {
  if (len <= 0) return NaN;
  const m = len >> 1;
  const hi = selectInPlace(buf, len, m);
  if (len % 2) return hi;
  // After selection every element below m is ≤ buf[m]: the lower middle is their maximum.
  let lo = -Infinity;
  for (let i = 0; i < m; i++) if (buf[i]! > lo) lo = buf[i]!;
  return (lo + hi) / 2;
}
