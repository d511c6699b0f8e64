import type { ComparePoint } from '@tidemark/contract';
import { BREAKUP_LIMIT, TOP_ITEMS } from './group-view';

export interface ChartSeries {
  /** Legend name: the metric, or the metric and dimension value. */
  name: string;
  points: Array<[number, number | null]>;
  lower?: Array<[number, number | null]>;
  upper?: Array<[number, number | null]>;
  spikes: Array<[number, number]>;
}

/**
 * Compare answers as chart series, one per metric and dimension value; more than 6 lines keep the 5 with the
 * largest totals and add their rest as 'Others' (spec 2 §9).
 */
export function toSeries(
  answers: Array<{ name: string; points: ComparePoint[] }>,
  othersName: string,
): ChartSeries[] {
  const out: ChartSeries[] = [];
  for (const answer of answers) {
    const byValue = new Map<string, ChartSeries>();
    for (const point of answer.points) {
      const t = Date.parse(point.timestamp);
      for (const r of point.results) {
        const key = r.dim_val ?? '';
        let series = byValue.get(key);
        if (!series) {
          series = {
            name: r.dim_val ? `${answer.name} · ${r.dim_val}` : answer.name,
            points: [],
            lower: [],
            upper: [],
            spikes: [],
          };
          byValue.set(key, series);
        }
        series.points.push([t, r.y]);
        series.lower!.push([t, r.yhat_lower]);
        series.upper!.push([t, r.yhat_upper]);
        if (r.insight && r.y !== null) series.spikes.push([t, r.y]);
      }
    }
    out.push(...byValue.values());
  }
  if (out.length <= BREAKUP_LIMIT) return out;
  const total = (s: ChartSeries) => s.points.reduce((sum, [, y]) => sum + (y ?? 0), 0);
  const sorted = [...out].sort((a, b) => total(b) - total(a));
  const top = sorted.slice(0, TOP_ITEMS);
  const sums = new Map<number, number>();
  for (const s of sorted.slice(TOP_ITEMS))
    for (const [t, y] of s.points) sums.set(t, (sums.get(t) ?? 0) + (y ?? 0));
  const others: ChartSeries = {
    name: othersName,
    points: [...sums.entries()].sort((a, b) => a[0] - b[0]),
    spikes: [],
  };
  return [...top, others];
}

/** 100% stacked: each point as its share of the timestamp's total. */
export function toShares(series: ChartSeries[]): ChartSeries[] {
  const totals = new Map<number, number>();
  for (const s of series) for (const [t, y] of s.points) totals.set(t, (totals.get(t) ?? 0) + (y ?? 0));
  return series.map((s) => ({
    ...s,
    lower: undefined,
    upper: undefined,
    points: s.points.map(([t, y]) => {
      const sum = totals.get(t) ?? 0;
      return [t, y === null || sum === 0 ? null : (y / sum) * 100];
    }),
  }));
}
