import type { Grain } from './series';
import { carve } from './scratch';
import { medianInPlace } from './stats';

/**
 * Running sums for O(1) weighted least-squares lines over any [a, b) of a series with gaps (NaN skipped).
 * `n` sums the weights, `c` counts the points.
 */
export interface LinePrefix {
  c: Float64Array;
  n: Float64Array;
  t: Float64Array;
  tt: Float64Array;
  y: Float64Array;
  ty: Float64Array;
  yy: Float64Array;
}

export function linePrefix(
  values: Float64Array,
  weights: Float64Array | null = null,
  mem: Float64Array | null = null,
): LinePrefix {
  const m = values.length;
  const [pc, pn, pt, ptt, py, pty, pyy] = carve(
    mem ?? new Float64Array(7 * (m + 1)),
    m + 1,
    m + 1,
    m + 1,
    m + 1,
    m + 1,
    m + 1,
    m + 1,
  );
  const p: LinePrefix = { c: pc, n: pn, t: pt, tt: ptt, y: py, ty: pty, yy: pyy };
  pc[0] = pn[0] = pt[0] = ptt[0] = py[0] = pty[0] = pyy[0] = 0;
  let c = 0;
  let n = 0;
  let t = 0;
  let tt = 0;
  let y = 0;
  let ty = 0;
  let yy = 0;
  for (let i = 0; i < m; i++) {
    const v = values[i]!;
    if (v === v) {
      const w = weights ? weights[i]! : 1;
      c += 1;
      n += w;
      t += w * i;
      tt += w * i * i;
      y += w * v;
      ty += w * i * v;
      yy += w * v * v;
    }
    p.c[i + 1] = c;
    p.n[i + 1] = n;
    p.t[i + 1] = t;
    p.tt[i + 1] = tt;
    p.y[i + 1] = y;
    p.ty[i + 1] = ty;
    p.yy[i + 1] = yy;
  }
  return p;
}

/** Residual sum of squares of the least-squares line over [a, b). */
export function lineRss(p: LinePrefix, a: number, b: number): number {
  if (p.c[b]! - p.c[a]! < 2) return 0;
  const n = p.n[b]! - p.n[a]!;
  const st = p.t[b]! - p.t[a]!;
  const sy = p.y[b]! - p.y[a]!;
  const vt = p.tt[b]! - p.tt[a]! - (st * st) / n;
  const cov = p.ty[b]! - p.ty[a]! - (st * sy) / n;
  const vy = p.yy[b]! - p.yy[a]! - (sy * sy) / n;
  return Math.max(0, vt > 1e-12 ? vy - (cov * cov) / vt : vy);
}

/** Sums of a least-squares line's data over some buckets (absolute positions), NaN skipped. */
export interface LineSums {
  c: number;
  t: number;
  tt: number;
  y: number;
  ty: number;
  yy: number;
}

export function lineSums(values: Float64Array, a: number, b: number): LineSums {
  const out: LineSums = { c: 0, t: 0, tt: 0, y: 0, ty: 0, yy: 0 };
  for (let i = a; i < b; i++) addPoint(out, i, values[i]!, 1);
  return out;
}

function addPoint(s: LineSums, i: number, v: number, sign: number): void {
  if (v !== v) return;
  s.c += sign;
  s.t += sign * i;
  s.tt += sign * i * i;
  s.y += sign * v;
  s.ty += sign * i * v;
  s.yy += sign * v * v;
}

function sumsRss(s: LineSums): number {
  const n = s.c;
  if (n < 2) return 0;
  const vt = s.tt - (s.t * s.t) / n;
  const cov = s.ty - (s.t * s.y) / n;
  const vy = s.yy - (s.y * s.y) / n;
  return Math.max(0, vt > 1e-12 ? vy - (cov * cov) / vt : vy);
}

/** Least-squares line of some sums: slope per bucket and the value at bucket 0. */
export function sumsLine(s: LineSums): { slope: number; intercept0: number } {
  const n = s.c;
  if (n < 1) return { slope: 0, intercept0: 0 };
  const vt = s.tt - (s.t * s.t) / n;
  const slope = vt > 1e-12 ? (s.ty - (s.t * s.y) / n) / vt : 0;
  return { slope, intercept0: s.y / n - (slope * s.t) / n };
}

/**
 * Residual sum of squares over [a, b) of a continuous line that bends at s (regressors 1, t, (t − s)₊):
 * the model of a change of slope, which dates a bend far better than two free lines do.
 */
export function hingeRss(p: LinePrefix, a: number, b: number, s: number): number {
  if (p.c[b]! - p.c[a]! < 4) return Infinity;
  const N = p.n[b]! - p.n[a]!;
  // Centred on s for conditioning: t' = t − s. The bend may fall between two points (s fractional).
  const T = p.t[b]! - p.t[a]! - s * N;
  const TT = p.tt[b]! - p.tt[a]! - 2 * s * (p.t[b]! - p.t[a]!) + s * s * N;
  const Y = p.y[b]! - p.y[a]!;
  const TY = p.ty[b]! - p.ty[a]! - s * Y;
  const k = Math.ceil(s);
  const Nr = p.n[b]! - p.n[k]!;
  const U = p.t[b]! - p.t[k]! - s * Nr;
  const UU = p.tt[b]! - p.tt[k]! - 2 * s * (p.t[b]! - p.t[k]!) + s * s * Nr;
  const UY = p.ty[b]! - p.ty[k]! - s * (p.y[b]! - p.y[k]!);
  // Σ t'·u over t ≥ s equals Σ u² there, as t' = u.
  const TU = UU;
  // Normal equations [[N,T,U],[T,TT,TU],[U,TU,UU]]·β = [Y,TY,UY], by Cramer's rule.
  const det = N * (TT * UU - TU * TU) - T * (T * UU - TU * U) + U * (T * TU - TT * U);
  if (!(Math.abs(det) > 1e-9)) return Infinity;
  const b0 = (Y * (TT * UU - TU * TU) - T * (TY * UU - TU * UY) + U * (TY * TU - TT * UY)) / det;
  const b1 = (N * (TY * UU - UY * TU) - Y * (T * UU - TU * U) + U * (T * UY - TY * U)) / det;
  const b2 = (N * (TT * UY - TU * TY) - T * (T * UY - TY * U) + Y * (T * TU - TT * U)) / det;
  const yy = p.yy[b]! - p.yy[a]!;
  return Math.max(0, yy - b0 * Y - b1 * TY - b2 * UY);
}

/**
 * Exact penalised segmentation into straight (possibly discontinuous) pieces: optimal partitioning,
 * O(m²) segment fits in O(1) each. Cost = RSS/σ² + beta per piece; pieces are at least minSeg long.
 * A piece's first block is left out of its fit: a jump inside a block makes it half one level, half the other.
 */
export function optimalPartition(
  p: LinePrefix,
  m: number,
  minSeg: number,
  sigma2: number,
  beta: number,
): number[] {
  if (m < 2 * minSeg) return [];
  const f = new Float64Array(m + 1).fill(Infinity);
  const from = new Int32Array(m + 1);
  f[0] = 0;
  const inv = 1 / sigma2;
  const { c: pc, n: pn, t: pt, tt: ptt, y: py, ty: pty, yy: pyy } = p;
  for (let t = minSeg; t <= m; t++) {
    let best = lineRss(p, 0, t) * inv + beta;
    let arg = 0;
    // The sums up to t are shared by every candidate start: read once.
    const ct = pc[t]!;
    const nt = pn[t]!;
    const tt = pt[t]!;
    const ttt = ptt[t]!;
    const yt = py[t]!;
    const tyt = pty[t]!;
    const yyt = pyy[t]!;
    for (let s = minSeg; s <= t - minSeg; s++) {
      const a = s + 1;
      let rss = 0;
      if (ct - pc[a]! >= 2) {
        const n = nt - pn[a]!;
        const st = tt - pt[a]!;
        const sy = yt - py[a]!;
        const vt = ttt - ptt[a]! - (st * st) / n;
        const cov = tyt - pty[a]! - (st * sy) / n;
        const vy = yyt - pyy[a]! - (sy * sy) / n;
        rss = vt > 1e-12 ? vy - (cov * cov) / vt : vy;
        if (rss < 0) rss = 0;
      }
      const c = f[s]! + rss * inv + beta;
      if (c < best) {
        best = c;
        arg = s;
      }
    }
    f[t] = best;
    from[t] = arg;
  }
  const cuts: number[] = [];
  for (let t = from[m]!; t > 0; t = from[t]!) cuts.push(t);
  return cuts.reverse();
}

// Changepoints are searched on block means (a day of hours) so the noise is close to independent.
export const CP_BLOCK: Record<Grain, number> = { h: 24, d: 1, w: 1, m: 1 };
export const CP_MIN_SEGMENT: Record<Grain, number> = { h: 5, d: 14, w: 8, m: 6 };
/** Penalty per extra piece, in units of log(blocks)·σ²: BIC counts 3 parameters (jump, slope, place), doubled for dependent noise. */
export const CP_PENALTY = 6;

const REDATE_BLOCKS = 7;

export interface Breaks {
  /** Bucket indices where a new piece starts, sorted. */
  cuts: number[];
  /** Per cut: a jump of the level, or a bend of the slope with the line continuous. */
  kinds: Array<'jump' | 'kink'>;
  /** Noise of one block mean. */
  sigmaBlock: number;
  /** Median block mean: the level effects are compared with. */
  level: number;
}

/**
 * Breaks of a de-seasonalised series (NaN = left out): penalised optimal partitioning on block means,
 * each cut then re-dated as a jump or a bend and, for a jump, refined to the bucket. `relative`: the
 * noise grows with the level (a multiplicative metric on its own scale), so blocks are weighted by
 * 1/level² and the noise is measured relative to the level.
 */
export function findBreaks(
  values: Float64Array,
  grain: Grain,
  penalty = CP_PENALTY,
  maxCuts = 5,
  relative = false,
  hint: readonly number[] | null = null,
  wideLast = false,
): Breaks | null {
  const n = values.length;
  const B = CP_BLOCK[grain];
  const m = Math.floor(n / B);
  const minSeg = CP_MIN_SEGMENT[grain];
  if (m < 2 * minSeg) return null;
  const offset = n - m * B; // blocks end at the latest bucket
  const blocks = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    let s = 0;
    let c = 0;
    const a = offset + k * B;
    for (let i = a; i < a + B; i++) {
      const v = values[i]!;
      if (v === v) {
        s += v;
        c++;
      }
    }
    blocks[k] = c >= Math.ceil(B / 2) ? s / c : NaN;
  }
  const buf = new Float64Array(m);
  let c = 0;
  for (let k = 0; k < m; k++) if (blocks[k] === blocks[k]) buf[c++] = blocks[k]!;
  const level = medianInPlace(buf, c);
  let weights: Float64Array | null = null;
  if (relative) {
    if (!(level > 0)) return null;
    weights = new Float64Array(m);
    for (let k = 0; k < m; k++) {
      const b = blocks[k]!;
      weights[k] = b > 0.05 * level ? (level * level) / (b * b) : 400;
    }
  }
  // Block noise from second differences: blind to straight trends and to a few breaks.
  let d = 0;
  for (let k = 0; k + 2 < m; k++) {
    const v = blocks[k]! - 2 * blocks[k + 1]! + blocks[k + 2]!;
    if (v === v) buf[d++] = Math.abs(weights ? v * Math.sqrt(weights[k + 1]!) : v);
  }
  // In weighted units (relative: the noise at the median level).
  const sigmaBlock = (1.4826 * medianInPlace(buf, d)) / Math.sqrt(6);
  if (!(sigmaBlock > 0) || !Number.isFinite(level)) return null;
  const pb = linePrefix(blocks, weights);
  let cuts: number[];
  if (hint) {
    // Cuts already found (by the range's own fit): only re-dated here, on this series.
    cuts = [];
    for (const h of hint) {
      const k = Math.round((h - offset) / B);
      if (k >= minSeg && k <= m - minSeg && (cuts.length === 0 || k - cuts[cuts.length - 1]! >= minSeg))
        cuts.push(k);
    }
  } else {
    cuts = optimalPartition(pb, m, minSeg, sigmaBlock * sigmaBlock, penalty * Math.log(m));
    for (let pen = penalty * 2; cuts.length > maxCuts && pen < penalty * 64; pen *= 2)
      cuts = optimalPartition(pb, m, minSeg, sigmaBlock * sigmaBlock, pen * Math.log(m));
  }
  if (cuts.length === 0) return { cuts, kinds: [], sigmaBlock, level };
  // Each cut is re-dated between its neighbours as a jump (two free lines) or a bend (one continuous line
  // that changes slope), whichever fits better once the jump pays for its extra parameter.
  const kinds: Array<'jump' | 'kink'> = [];
  const blockBounds = [0, ...cuts, m];
  const exact = blockBounds.slice();
  for (let j = 1; j < blockBounds.length - 1; j++) {
    const a = blockBounds[j - 1]!;
    const b = blockBounds[j + 1]!;
    let jumpAt = blockBounds[j]!;
    let jumpRss = Infinity;
    let kinkAt = jumpAt;
    let kinkRss = Infinity;
    // A refinement, not a new search: within a few blocks of where the partition put the cut; with
    // `wideLast`, the last cut anywhere between its neighbours (the change a team acts on, dated on its own).
    const wide = wideLast && j === blockBounds.length - 2;
    const from = wide ? a + minSeg : Math.max(a + minSeg, blockBounds[j]! - REDATE_BLOCKS);
    const to = wide ? b - minSeg : Math.min(b - minSeg, blockBounds[j]! + REDATE_BLOCKS);
    for (let s = from; s <= to; s++) {
      const rj = lineRss(pb, a === 0 ? 0 : a + 1, s) + lineRss(pb, s + 1, b);
      if (rj < jumpRss) {
        jumpRss = rj;
        jumpAt = s;
      }
    }
    // A bend is dated to a quarter block (block means sit at block centres).
    for (let s = from - 1; s <= to; s += 0.25) {
      const rk = hingeRss(pb, a, b, s);
      if (rk < kinkRss) {
        kinkRss = rk;
        kinkAt = s;
      }
    }
    // Two free lines can always mimic a bend: a jump is kept only when it fits clearly better (an F-type
    // test at 2·log m, on the scale of the residuals themselves, which may be wider than the block noise).
    const dof = pb.c[b]! - pb.c[a]! - 5;
    const scale = dof > 0 ? Math.max(jumpRss / dof, sigmaBlock * sigmaBlock) : sigmaBlock * sigmaBlock;
    const kink = kinkRss - jumpRss <= 2 * Math.log(m) * scale;
    blockBounds[j] = kink ? Math.round(kinkAt) : jumpAt;
    exact[j] = kink ? kinkAt : jumpAt;
    kinds.push(kink ? 'kink' : 'jump');
  }
  // Block k starts at bucket offset + k·B; a bend at block coordinate s lies at the centre-based offset + s·B + (B − 1)/2.
  const toBucket = (k: number, kind: 'jump' | 'kink' | null): number =>
    k === m ? n : kind === 'kink' ? Math.round(offset + k * B + (B - 1) / 2) : offset + k * B;
  const bounds = exact.map((k, j) => toBucket(k, j > 0 && j < exact.length - 1 ? kinds[j - 1]! : null));
  bounds[0] = 0;
  if (B > 1) {
    for (let j = 1; j < bounds.length - 1; j++) {
      // A bend has no sharp edge to find within a block; a jump is refined to the bucket: the split of
      // [a, b) into two lines with the least squares, moving one bucket at a time from right to left.
      if (kinds[j - 1] === 'kink') continue;
      const a = bounds[j - 1]!;
      const b = bounds[j + 1]!;
      const at = bounds[j]!;
      const lo = Math.max(a + B, at - B);
      const hi = Math.min(b - B, at + 2 * B);
      if (lo > hi) continue;
      const left = lineSums(values, a, lo);
      const right = lineSums(values, lo, b);
      let best = at;
      let bestRss = Infinity;
      for (let s = lo; s <= hi; s++) {
        if (s > lo) {
          addPoint(left, s - 1, values[s - 1]!, 1);
          addPoint(right, s - 1, values[s - 1]!, -1);
        }
        const rss = sumsRss(left) + sumsRss(right);
        if (rss < bestRss) {
          bestRss = rss;
          best = s;
        }
      }
      bounds[j] = best;
    }
  }
  return { cuts: bounds.slice(1, -1), kinds, sigmaBlock, level };
}

/**
 * The best single bend of the slope inside [from, n) of a series (NaN = left out): a continuous hinge
 * searched at every quarter block at least a minimum piece from either end, on block means weighted as
 * `findBreaks` weighs them. `gain` is how much the bend lowers the residual sum of squares of one straight
 * line, in units of the block noise squared; `earliest` (a bucket) keeps the bend from falling before it.
 * Null when the stretch is too short for two pieces.
 */
export function bendWithin(
  values: Float64Array,
  grain: Grain,
  from: number,
  breaks: Pick<Breaks, 'level' | 'sigmaBlock'>,
  relative = false,
  earliest = from,
): { at: number; gain: number } | null {
  const n = values.length;
  const B = CP_BLOCK[grain];
  const minSeg = CP_MIN_SEGMENT[grain];
  const offset = n - Math.floor(n / B) * B;
  const k0 = Math.max(0, Math.ceil((from - offset) / B));
  const m = Math.floor((n - offset) / B) - k0;
  if (m < 2 * minSeg) return null;
  const blocks = new Float64Array(m);
  const weights = relative ? new Float64Array(m) : null;
  const level = breaks.level;
  for (let k = 0; k < m; k++) {
    let s = 0;
    let c = 0;
    const a = offset + (k0 + k) * B;
    for (let i = a; i < a + B; i++) {
      const v = values[i]!;
      if (v === v) {
        s += v;
        c++;
      }
    }
    const b = c >= Math.ceil(B / 2) ? s / c : NaN;
    blocks[k] = b;
    if (weights) weights[k] = b > 0.05 * level ? (level * level) / (b * b) : b === b ? 400 : 0;
  }
  const p = linePrefix(blocks, weights);
  const straight = lineRss(p, 0, m);
  let best = Infinity;
  let at = minSeg;
  // Block coordinates are centre-based: block k's centre is bucket offset + (k0 + k)·B + (B − 1)/2.
  const first = Math.max(minSeg - 0.5, (earliest - offset - (B - 1) / 2) / B - k0);
  for (let s = first; s <= m - minSeg; s += 0.25) {
    const r = hingeRss(p, 0, m, s);
    if (r < best) {
      best = r;
      at = s;
    }
  }
  if (!Number.isFinite(best)) return null;
  const sigma2 = breaks.sigmaBlock * breaks.sigmaBlock;
  return {
    at: Math.round(offset + (k0 + at) * B + (B - 1) / 2),
    gain: (straight - best) / sigma2,
  };
}
