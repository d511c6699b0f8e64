import type { ExpectedRange } from './range';
import type { Direction } from './spikes';
import { bendWithin, CP_BLOCK, CP_PENALTY, findBreaks, lineSums, sumsLine } from './changepoints';
import { SLOT_TREND, scratch } from './scratch';

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
  /** The last change's shape: a jump of the level, or a bend of the slope with the line continuous. */
  kind?: 'jump' | 'bend';
  /** Relative size of the last change: post line vs the pre line carried on (over the shorter segment's length), over |level|. */
  effect: number | null;
  trend_line: TrendLinePattern;
}

export interface TrendOptions {
  /** Metric accent: 'positive' when up is good. */
  accent?: Accent;
  /** Smallest relative effect (post line vs extrapolated pre line, end of series) worth reporting. Default 0.05. */
  minEffect?: number;
  /** Penalty multiplier on log(blocks)·σ² for each extra piece (default 6); given, the partition search runs anew. */
  penalty?: number;
  maxChangepoints?: number;
}

/**
 * How far the post line ends up from the pre line carried on, over as long as the shorter of the two
 * lasted: a slope seen for five days says little about the next eighty.
 */
export function gap(pre: TrendSegment, post: TrendSegment): number {
  const horizon = Math.min(post.endIndex - post.startIndex, pre.endIndex - pre.startIndex);
  const atPost = post.intercept + post.slope * horizon;
  const atPre = pre.intercept + pre.slope * (post.startIndex + horizon - pre.startIndex);
  return atPost - atPre;
}

/**
 * Trend changes: the de-seasonalised series (outliers removed) is cut into straight segments at the
 * range's breaks (or by a new penalised partition search when a penalty is given), each cut re-dated as a
 * jump or a bend; changes too small for a merchant to notice are merged away.
 */
export function detectTrendChanges(range: ExpectedRange, options: TrendOptions = {}): TrendChangeResult {
  const none: TrendChangeResult = {
    changepoints: [],
    segments: [],
    lastChangepoint: null,
    direction: null,
    valueAtChangepoint: null,
    effect: null,
    trend_line: { trend_change: { lastcp_ts: null }, trend_prediction: null },
  };
  if (range.status !== 'ok') return none;
  const n = range.y.length;
  // De-seasonalised values with anomalies and holidays left out: a multiplicative fit divides the season out.
  const des = scratch(SLOT_TREND, n).subarray(0, n);
  for (let i = 0; i < n; i++) {
    const s = range.score[i]!;
    const ok = Number.isFinite(s) && Math.abs(s) <= Math.max(range.z, 3);
    const y = range.y[i]!;
    const yh = range.yhat[i]!;
    des[i] = !ok ? NaN : range.multiplicative && yh > 0 ? (y * range.trend[i]!) / yh : y - range.seasonal[i]!;
  }
  const minEffect = options.minEffect ?? 0.05;
  // Multiplicative metrics get noisier as they grow: blocks are weighted by 1/level², so a 40% drop does
  // not make the noisier half look full of changes. Lines stay on the metric's own scale.
  const relative = range.multiplicative === true;
  // With the default penalty, the cuts are the range's own breaks, re-dated on this series.
  const hint =
    options.penalty === undefined && options.maxChangepoints === undefined ? (range.breaks ?? null) : null;
  const breaks = findBreaks(
    des,
    range.grain,
    options.penalty ?? CP_PENALTY,
    options.maxChangepoints ?? 5,
    relative,
    hint,
    true,
  );
  if (!breaks) return none;
  const level = Math.abs(breaks.level);
  const sigmaB = breaks.sigmaBlock;
  const bounds = [0, ...breaks.cuts, n];

  const accent = options.accent ?? 'positive';
  const lineOf = (a: number, b: number): TrendSegment => {
    const line = sumsLine(lineSums(des, a, b));
    return {
      startIndex: a,
      endIndex: b - 1,
      start: range.timestamps[a]!,
      end: range.timestamps[b - 1]!,
      slope: line.slope,
      intercept: line.intercept0 + line.slope * a,
    };
  };
  const segments: TrendSegment[] = [];
  for (let j = 0; j < bounds.length - 1; j++) segments.push(lineOf(bounds[j]!, bounds[j + 1]!));

  // Keep only changes a merchant would notice: the post line must end well away from the pre line's path.
  const kept: TrendSegment[] = [segments[0]!];
  for (let j = 1; j < segments.length; j++) {
    const pre = kept[kept.length - 1]!;
    const post = segments[j]!;
    const g = Math.abs(gap(pre, post));
    if (g / Math.max(level, 1e-12) >= minEffect && g >= 3 * sigmaB) kept.push(post);
    else kept[kept.length - 1] = lineOf(pre.startIndex, post.endIndex + 1);
  }

  // The range's breaks come from a partition into free straight pieces, which must pay for a jump to place
  // a cut: a bend of the slope inside the last piece (a growth reversal, with the season around it) often
  // goes unplaced. The last piece is searched once more for one continuous bend, held to the partition's
  // own evidence (its penalty per piece) and to a gap a merchant notices (a line's end is known far better
  // than one day's value, so the merge's three-day-noise rule does not apply to it).
  let lastKind = breaks.kinds[breaks.cuts.indexOf(kept[kept.length - 1]!.startIndex)];
  const blocks = Math.floor(n / CP_BLOCK[range.grain]);
  const bendFrom = (from: number, earliest = from): [TrendSegment, TrendSegment] | null => {
    const bend = bendWithin(des, range.grain, from, breaks, relative, earliest);
    if (!bend || bend.gain < (options.penalty ?? CP_PENALTY) * Math.log(blocks)) return null;
    const pair: [TrendSegment, TrendSegment] = [lineOf(from, bend.at), lineOf(bend.at, n)];
    return Math.abs(gap(...pair)) / Math.max(level, 1e-12) >= minEffect ? pair : null;
  };
  const inner = bendFrom(kept[kept.length - 1]!.startIndex);
  if (inner) {
    kept.splice(kept.length - 1, 1, ...inner);
    lastKind = 'kink';
  } else if (lastKind === 'jump' && kept.length >= 2) {
    // A last jump that steps against the change (up, then falling away faster than before) marks a peak:
    // the line rose there and turned later, so the change is dated as one continuous bend over both pieces,
    // at or after the jump.
    const pre = kept[kept.length - 2]!;
    const post = kept[kept.length - 1]!;
    const step = post.intercept - (pre.intercept + pre.slope * (post.startIndex - pre.startIndex));
    const change = gap(pre, post);
    const turn = step * change < 0 ? bendFrom(pre.startIndex, post.startIndex) : null;
    if (turn && gap(...turn) * change > 0) {
      kept.splice(kept.length - 2, 2, ...turn);
      lastKind = 'kink';
    }
  }

  const changepoints = kept.slice(1).map((s) => ({ index: s.startIndex, timestamp: s.start }));
  if (kept.length < 2) return { ...none, segments: kept };
  const pre = kept[kept.length - 2]!;
  const post = kept[kept.length - 1]!;
  const endPost = post.intercept + post.slope * (post.endIndex - post.startIndex);
  const lastGap = gap(pre, post);
  const direction: Direction = lastGap >= 0 ? 'up' : 'down';
  const lineAccent = (slope: number): Accent =>
    slope >= 0 === (accent === 'positive') ? 'positive' : 'negative';
  const ts = range.timestamps;
  return {
    changepoints,
    segments: kept,
    lastChangepoint: changepoints[changepoints.length - 1]!,
    direction,
    valueAtChangepoint: post.intercept,
    kind: lastKind === 'kink' ? 'bend' : 'jump',
    effect: lastGap / Math.max(level, 1e-12),
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
