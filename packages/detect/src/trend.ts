import type { ExpectedRange } from './range';
import type { Direction } from './spikes';
import type { Grain } from './series';
import { median } from './stats';

export type Accent = 'positive' | 'negative';

export interface TrendSegment {
  startIndex: number;
  endIndex: number;
  start: number;
  end: number;
  /** Change per bucket of the de-seasonalised metric. */
  slope: number;
  /** Fitted value at startIndex. */
  intercept: number;
}

export interface TrendLine {
  coords: Array<[number, number]>;
  accent: Accent;
}

/** pattern_data.trend_line as the spec shapes it. */
export interface TrendLinePattern {
  trend_change: { lastcp_ts: number | null };
  trend_prediction: { pre_trendline: TrendLine; post_trendline: TrendLine } | null;
}

export interface TrendChangeResult {
  changepoints: Array<{ index: number; timestamp: number }>;
  segments: TrendSegment[];
  lastChangepoint: { index: number; timestamp: number } | null;
  /** Direction of the last change: did the post line bend up or down from the pre line. */
  direction: Direction | null;
  /** De-seasonalised value at the last changepoint (post line). */
  valueAtChangepoint: number | null;
  /** Relative size of the last change: post line at the end vs the pre line extrapolated, over |level|. */
  effect: number | null;
  trend_line: TrendLinePattern;
}

export interface TrendOptions {
  /** Metric accent: 'positive' when up is good. */
  accent?: Accent;
  /** Smallest relative effect (post line vs extrapolated pre line, end of series) worth reporting. Default 0.05. */
  minEffect?: number;
  /** Penalty multiplier on log(blocks) for each extra changepoint. Default 12. */
  penalty?: number;
  maxChangepoints?: number;
}

// Changepoints are searched on block means (a day of hours) so the noise is close to independent.
const BLOCK: Record<Grain, number> = { h: 24, d: 1, w: 1, m: 1 };
const MIN_SEGMENT_BLOCKS: Record<Grain, number> = { h: 5, d: 7, w: 6, m: 4 };

interface Prefix {
  n: Float64Array;
  t: Float64Array;
  tt: Float64Array;
  y: Float64Array;
  ty: Float64Array;
  yy: Float64Array;
}

function prefix(values: Float64Array): Prefix {
  const m = values.length;
  const p: Prefix = { n: new Float64Array(m + 1), t: new Float64Array(m + 1), tt: new Float64Array(m + 1), y: new Float64Array(m + 1), ty: new Float64Array(m + 1), yy: new Float64Array(m + 1) };
  for (let i = 0; i < m; i++) {
    const v = values[i]!;
    const ok = Number.isFinite(v);
    p.n[i + 1] = p.n[i]! + (ok ? 1 : 0);
    p.t[i + 1] = p.t[i]! + (ok ? i : 0);
    p.tt[i + 1] = p.tt[i]! + (ok ? i * i : 0);
    p.y[i + 1] = p.y[i]! + (ok ? v : 0);
    p.ty[i + 1] = p.ty[i]! + (ok ? i * v : 0);
    p.yy[i + 1] = p.yy[i]! + (ok ? v * v : 0);
  }
  return p;
}

/** Least-squares line over [a, b) with its residual sum of squares. */
function fitLine(p: Prefix, a: number, b: number): { slope: number; intercept0: number; rss: number } {
  const n = p.n[b]! - p.n[a]!;
  const st = p.t[b]! - p.t[a]!;
  const stt = p.tt[b]! - p.tt[a]!;
  const sy = p.y[b]! - p.y[a]!;
  const sty = p.ty[b]! - p.ty[a]!;
  const syy = p.yy[b]! - p.yy[a]!;
  if (n < 1) return { slope: 0, intercept0: 0, rss: 0 };
  const vt = stt - (st * st) / n;
  const cov = sty - (st * sy) / n;
  const vy = syy - (sy * sy) / n;
  const slope = vt > 1e-12 ? cov / vt : 0;
  const intercept0 = sy / n - (slope * st) / n;
  return { slope, intercept0, rss: Math.max(0, vy - slope * cov) };
}

function bestSplit(p: Prefix, a: number, b: number, minSeg: number): { at: number; gain: number } | null {
  const whole = fitLine(p, a, b).rss;
  let best: { at: number; gain: number } | null = null;
  for (let s = a + minSeg; s <= b - minSeg; s++) {
    const gain = whole - fitLine(p, a, s).rss - fitLine(p, s, b).rss;
    if (!best || gain > best.gain) best = { at: s, gain };
  }
  return best;
}

/**
 * Trend changes: the de-seasonalised series (outliers removed) is cut into straight segments by
 * binary segmentation on block means with a BIC-style penalty, then each cut is refined to the bucket.
 */
export function detectTrendChanges(range: ExpectedRange, options: TrendOptions = {}): TrendChangeResult {
  const none: TrendChangeResult = { changepoints: [], segments: [], lastChangepoint: null, direction: null, valueAtChangepoint: null, effect: null, trend_line: { trend_change: { lastcp_ts: null }, trend_prediction: null } };
  if (range.status !== 'ok') return none;
  const n = range.y.length;
  const B = BLOCK[range.grain];
  const m = Math.floor(n / B);
  const minSeg = MIN_SEGMENT_BLOCKS[range.grain];
  if (m < 2 * minSeg) return none;

  // De-seasonalised values with anomalies and holidays left out.
  const des = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = range.score[i]!;
    des[i] = Number.isFinite(s) && Math.abs(s) <= Math.max(range.z, 3) ? range.y[i]! - range.seasonal[i]! : NaN;
  }
  const offset = n - m * B; // blocks end at the latest bucket
  const blocks = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    let s = 0;
    let c = 0;
    for (let i = offset + k * B; i < offset + (k + 1) * B; i++) {
      const v = des[i]!;
      if (!Number.isNaN(v)) {
        s += v;
        c++;
      }
    }
    blocks[k] = c >= Math.ceil(B / 2) ? s / c : NaN;
  }
  // Block noise from second differences: blind to straight trends and to a few breaks.
  const d2: number[] = [];
  for (let k = 0; k + 2 < m; k++) {
    const v = blocks[k]! - 2 * blocks[k + 1]! + blocks[k + 2]!;
    if (Number.isFinite(v)) d2.push(Math.abs(v));
  }
  const sigmaB = (1.4826 * median(d2)) / Math.sqrt(6);
  const level = Math.abs(median(blocks));
  if (!(sigmaB > 0) || !Number.isFinite(level)) return none;
  const penalty = (options.penalty ?? 12) * Math.log(m) * sigmaB * sigmaB;
  const minEffect = options.minEffect ?? 0.05;
  const pb = prefix(blocks);

  const cuts: number[] = [];
  const queue: Array<[number, number]> = [[0, m]];
  const maxCp = options.maxChangepoints ?? 5;
  while (queue.length > 0 && cuts.length < maxCp) {
    const [a, b] = queue.shift()!;
    const split = bestSplit(pb, a, b, minSeg);
    if (!split || split.gain < penalty) continue;
    cuts.push(split.at);
    queue.push([a, split.at], [split.at, b]);
  }
  cuts.sort((u, v) => u - v);

  // Refine each cut to the bucket on the full-resolution series, within one block either side.
  const pf = prefix(des);
  const bounds = [0, ...cuts.map((c) => offset + c * B), n];
  for (let j = 1; j < bounds.length - 1; j++) {
    const a = bounds[j - 1]!;
    const b = bounds[j + 1]!;
    const c = bounds[j]!;
    let best = c;
    let bestRss = Infinity;
    for (let s = Math.max(a + B, c - B); s <= Math.min(b - B, c + B); s++) {
      const rss = fitLine(pf, a, s).rss + fitLine(pf, s, b).rss;
      if (rss < bestRss) {
        bestRss = rss;
        best = s;
      }
    }
    bounds[j] = best;
  }

  const accent = options.accent ?? 'positive';
  const segments: TrendSegment[] = [];
  for (let j = 0; j < bounds.length - 1; j++) {
    const a = bounds[j]!;
    const b = bounds[j + 1]!;
    const line = fitLine(pf, a, b);
    segments.push({ startIndex: a, endIndex: b - 1, start: range.timestamps[a]!, end: range.timestamps[b - 1]!, slope: line.slope, intercept: line.intercept0 + line.slope * a });
  }

  // Keep only changes a merchant would notice: the post line must end well away from the pre line's path.
  const kept: TrendSegment[] = [segments[0]!];
  for (let j = 1; j < segments.length; j++) {
    const pre = kept[kept.length - 1]!;
    const post = segments[j]!;
    const endPost = post.intercept + post.slope * (post.endIndex - post.startIndex);
    const endPre = pre.intercept + pre.slope * (post.endIndex - pre.startIndex);
    const eff = Math.abs(endPost - endPre) / Math.max(level, 1e-12);
    if (eff >= minEffect && Math.abs(endPost - endPre) >= 3 * sigmaB) kept.push(post);
    else {
      const merged = fitLine(pf, pre.startIndex, post.endIndex + 1);
      kept[kept.length - 1] = { ...pre, endIndex: post.endIndex, end: post.end, slope: merged.slope, intercept: merged.intercept0 + merged.slope * pre.startIndex };
    }
  }

  const changepoints = kept.slice(1).map((s) => ({ index: s.startIndex, timestamp: s.start }));
  if (kept.length < 2) return { ...none, segments: kept };
  const pre = kept[kept.length - 2]!;
  const post = kept[kept.length - 1]!;
  const endPost = post.intercept + post.slope * (post.endIndex - post.startIndex);
  const endPre = pre.intercept + pre.slope * (post.endIndex - pre.startIndex);
  const direction: Direction = endPost >= endPre ? 'up' : 'down';
  const lineAccent = (slope: number): Accent => ((slope >= 0) === (accent === 'positive') ? 'positive' : 'negative');
  const ts = range.timestamps;
  return {
    changepoints,
    segments: kept,
    lastChangepoint: changepoints[changepoints.length - 1]!,
    direction,
    valueAtChangepoint: post.intercept,
    effect: (endPost - endPre) / Math.max(level, 1e-12),
    trend_line: {
      trend_change: { lastcp_ts: post.start },
      trend_prediction: {
        pre_trendline: {
          coords: [
            [ts[pre.startIndex]!, pre.intercept],
            [ts[pre.endIndex]!, pre.intercept + pre.slope * (pre.endIndex - pre.startIndex)],
          ],
          accent: lineAccent(pre.slope),
        },
        post_trendline: {
          coords: [
            [ts[post.startIndex]!, post.intercept],
            [ts[post.endIndex]!, endPost],
          ],
          accent: lineAccent(post.slope),
        },
      },
    },
  };
}
