import {
  formatCompact,
  formatCurrency,
  formatPercent,
  formatPercentValue,
  type MetricFormat,
} from '@tidemark/format';

/** One value of a dimension over the anomaly window and its expected baseline. */
export interface RootCauseValue {
  dim_val: string | null;
  /** Metric over the window (for a ratio metric: the numerator). */
  current: number;
  expected: number;
  /** Ratio metrics only: the denominator (sessions for a conversion rate). */
  current_population?: number;
  expected_population?: number;
}

export interface RootCauseDimension {
  dim_name: string;
  values: RootCauseValue[];
}

/** Cells of a pair of dimensions, for one level of drill-down. */
export interface RootCausePair {
  dim_names: [string, string];
  values: Array<Omit<RootCauseValue, 'dim_val'> & { dim_vals: [string | null, string | null] }>;
}

export interface RootCauseInput {
  dimensions: RootCauseDimension[];
  pairs?: RootCausePair[];
  format?: MetricFormat;
  currency_symbol?: string;
  /** Values explaining less than this share of the change are left out (default 0.03). */
  minContribution?: number;
  /** The globally applied dimension is excluded (spec: root cause default dimension). */
  excludeDimension?: string;
}

export interface RootCauseDetail {
  dim_name: string;
  dim_val: string;
  group: string;
  drill_down_group: string | null;
  pattern_contribution: number;
  kpi_value_movement_decimal: number;
  kpi_population_change_pct: number;
  formatted_pattern_contribution: string;
  formatted_kpi_value_movement_decimal: string;
  formatted_kpi_population_change_pct: string;
  current_value: number;
  expected_value: number;
  formatted_current_value: string;
  formatted_expected_value: string;
  /** Jensen-Shannon surprise of this value's share. */
  surprise: number;
}

export interface RootCauseGroup {
  group: string;
  level: number;
  dim_name: string;
  parent_group: string | null;
  /** Explanatory power × surprise × succinctness; groups are sorted by it. */
  score: number;
  /** Values with a null dimension value are omitted from the chart; this says how many. */
  omitted_null_values: number;
  rootcause_details: RootCauseDetail[];
}

export interface RootCauseResult {
  status: 'ok' | 'no change' | 'no data';
  rootcause_data: RootCauseGroup[];
}

const MIN_CONTRIBUTION = 0.03;
// Share of the change a dimension's leading values must explain (Adtributor's threshold).
const EXPLAIN_TARGET = 0.67;

function js(p: number, q: number): number {
  const m = (p + q) / 2;
  const term = (a: number): number => (a > 0 && m > 0 ? 0.5 * a * Math.log(a / m) : 0);
  return term(p) + term(q);
}

interface Scored {
  dim_val: string;
  current: number;
  expected: number;
  contribution: number;
  movement: number;
  populationChange: number;
  surprise: number;
}

function finite(v: number | undefined): number {
  return v !== undefined && Number.isFinite(v) ? v : 0;
}

/** A value per unit of population; nothing when there is no population. */
const per = (x: number, population: number): number => (population > 0 ? x / population : 0);
/** A part of a total that may be negative (a metric's change); zero when the total is zero. */
const shareOf = (x: number, total: number): number => (total !== 0 ? x / total : 0);

/** Contribution, value movement, population change and surprise of each value of one dimension. */
function scoreValues(values: RootCauseValue[]): { scored: Scored[]; nulls: number; delta: number } | null {
  const usable = values.filter((v) => v.dim_val !== null && v.dim_val !== '');
  const nulls = values.length - usable.length;
  const ratio = usable.some((v) => v.current_population !== undefined || v.expected_population !== undefined);
  const sum = (f: (v: RootCauseValue) => number): number => usable.reduce((s, v) => s + f(v), 0);
  const curT = sum((v) => finite(v.current));
  const expT = sum((v) => finite(v.expected));
  const popCurT = ratio ? sum((v) => finite(v.current_population)) : curT;
  const popExpT = ratio ? sum((v) => finite(v.expected_population)) : expT;
  if (usable.length === 0) return null;
  const rateCur = ratio ? per(curT, popCurT) : curT;
  const rateExp = ratio ? per(expT, popExpT) : expT;
  const delta = rateCur - rateExp;
  const scored = usable.map((v): Scored => {
    const cur = finite(v.current);
    const exp = finite(v.expected);
    // Share of the whole: of the population for a rate metric, of the metric itself otherwise.
    const sCur = ratio ? per(finite(v.current_population), popCurT) : shareOf(cur, curT);
    const sExp = ratio ? per(finite(v.expected_population), popExpT) : shareOf(exp, expT);
    let contribution: number;
    let movement: number;
    if (ratio) {
      const rCur = per(cur, finite(v.current_population));
      const rExp = per(exp, finite(v.expected_population));
      // Within-segment change plus mix shift against the overall baseline rate; sums to the overall change.
      contribution = delta !== 0 ? (sCur * rCur - sExp * rExp - (sCur - sExp) * rateExp) / delta : 0;
      movement = rExp !== 0 ? (rCur - rExp) / Math.abs(rExp) : 0;
    } else {
      contribution = delta !== 0 ? (cur - exp) / delta : 0;
      movement = exp !== 0 ? (cur - exp) / Math.abs(exp) : 0;
    }
    const pCur = ratio ? sCur : curT !== 0 ? Math.abs(cur) / Math.abs(curT) : 0;
    const pExp = ratio ? sExp : expT !== 0 ? Math.abs(exp) / Math.abs(expT) : 0;
    return {
      dim_val: String(v.dim_val),
      current: ratio && finite(v.current_population) > 0 ? cur / finite(v.current_population) : cur,
      expected: ratio && finite(v.expected_population) > 0 ? exp / finite(v.expected_population) : exp,
      contribution,
      movement,
      populationChange: (sCur - sExp) * 100,
      surprise: js(pExp, pCur),
    };
  });
  return { scored, nulls, delta };
}

/** Dimension score: surprise of the values that explain most of the change, divided by how many it takes. */
function dimensionScore(scored: Scored[]): number {
  const bySurprise = [...scored].sort((a, b) => b.surprise - a.surprise);
  let explained = 0;
  let surprise = 0;
  let used = 0;
  for (const v of bySurprise) {
    if (explained >= EXPLAIN_TARGET) break;
    if (v.contribution < MIN_CONTRIBUTION) continue;
    explained += v.contribution;
    surprise += v.surprise;
    used++;
  }
  if (used === 0) return 0;
  return (surprise * Math.min(explained, 1)) / used;
}

/**
 * Balanced cost: half the value's share of the change, half its share of the dimension's surprise,
 * so a big-but-unsurprising segment does not drown a small one that moved a lot.
 */
function rankValues(scored: Scored[], minContribution: number): Scored[] {
  const kept = scored.filter((v) => Math.abs(v.contribution) >= minContribution);
  const maxAbs = Math.max(1e-12, ...kept.map((v) => Math.abs(v.contribution)));
  const maxS = Math.max(1e-12, ...kept.map((v) => v.surprise));
  const cost = (v: Scored): number => 0.5 * (Math.abs(v.contribution) / maxAbs) + 0.5 * (v.surprise / maxS);
  return kept.sort((a, b) => cost(b) - cost(a));
}

/**
 * Root cause by dimension, shaped as the spec's rootcause_data: level-0 groups (one per dimension,
 * best explaining first), and for each leading value a level-1 drill-down on the best paired dimension.
 */
export function rootCause(input: RootCauseInput): RootCauseResult {
  const minContribution = input.minContribution ?? MIN_CONTRIBUTION;
  const fmtValue = (v: number): string =>
    input.format === 'percentage'
      ? formatPercentValue(v)
      : input.format === 'currency'
        ? formatCurrency(v, { symbol: input.currency_symbol })
        : formatCompact(v);
  const detail = (s: Scored, dim: string, group: string, drill: string | null): RootCauseDetail => ({
    dim_name: dim,
    dim_val: s.dim_val,
    group,
    drill_down_group: drill,
    pattern_contribution: s.contribution,
    kpi_value_movement_decimal: s.movement,
    kpi_population_change_pct: s.populationChange,
    formatted_pattern_contribution: formatPercent(s.contribution),
    formatted_kpi_value_movement_decimal: formatPercent(s.movement, { signed: true }),
    formatted_kpi_population_change_pct: formatPercent(s.populationChange / 100, { signed: true }),
    current_value: s.current,
    expected_value: s.expected,
    formatted_current_value: fmtValue(s.current),
    formatted_expected_value: fmtValue(s.expected),
    surprise: s.surprise,
  });

  const dims = input.dimensions.filter((d) => d.dim_name !== input.excludeDimension && d.values.length > 0);
  if (dims.length === 0) return { status: 'no data', rootcause_data: [] };
  const level0: Array<RootCauseGroup & { ranked: Scored[] }> = [];
  let anyChange = false;
  for (const d of dims) {
    const r = scoreValues(d.values);
    if (!r) continue;
    if (r.delta !== 0) anyChange = true;
    const ranked = rankValues(r.scored, minContribution);
    level0.push({
      group: d.dim_name,
      level: 0,
      dim_name: d.dim_name,
      parent_group: null,
      score: dimensionScore(r.scored),
      omitted_null_values: r.nulls,
      rootcause_details: [],
      ranked,
    });
  }
  if (!anyChange) return { status: 'no change', rootcause_data: [] };
  level0.sort((a, b) => b.score - a.score);

  const out: RootCauseGroup[] = [];
  const drills: RootCauseGroup[] = [];
  for (const g of level0) {
    const details = g.ranked.map((s) => {
      const drill = drillDown(input, g.dim_name, s.dim_val, minContribution, detail);
      if (drill) drills.push(drill);
      return detail(s, g.dim_name, g.group, drill ? drill.group : null);
    });
    out.push({
      group: g.group,
      level: 0,
      dim_name: g.dim_name,
      parent_group: null,
      score: g.score,
      omitted_null_values: g.omitted_null_values,
      rootcause_details: details,
    });
  }
  return { status: 'ok', rootcause_data: [...out, ...drills] };
}

function drillDown(
  input: RootCauseInput,
  dim: string,
  val: string,
  minContribution: number,
  detail: (s: Scored, dim: string, group: string, drill: string | null) => RootCauseDetail,
): RootCauseGroup | null {
  const group = `${dim}=${val}`;
  let best: RootCauseGroup | null = null;
  for (const pair of input.pairs ?? []) {
    const side: 0 | 1 | null = pair.dim_names[0] === dim ? 0 : pair.dim_names[1] === dim ? 1 : null;
    if (side === null) continue;
    const otherSide = side === 0 ? 1 : 0;
    const other = pair.dim_names[otherSide];
    if (other === input.excludeDimension) continue;
    const cells: RootCauseValue[] = pair.values
      .filter((c) => c.dim_vals[side] === val)
      .map((c) => ({
        dim_val: c.dim_vals[otherSide] ?? null,
        current: c.current,
        expected: c.expected,
        current_population: c.current_population,
        expected_population: c.expected_population,
      }));
    const r = scoreValues(cells);
    if (!r || r.delta === 0) continue;
    const score = dimensionScore(r.scored);
    if (best && best.score >= score) continue;
    const ranked = rankValues(r.scored, minContribution);
    best = {
      group,
      level: 1,
      dim_name: other,
      parent_group: dim,
      score,
      omitted_null_values: r.nulls,
      rootcause_details: ranked.map((s) => detail(s, other, group, null)),
    };
  }
  return best && best.rootcause_details.length > 0 ? best : null;
}
