import type { Severity } from '@tidemark/contract';

/** The collaborate charts' filters (spec 3 §2): kpis, severity, pattern type, forecast, log scale, schedule
 * (default h), chart type, the dimension, and the summary chart flag. */
export interface ChartFilters {
  kpis: string[];
  severity: Severity | null;
  patternType: 'Point Anomaly' | 'Trend Change' | null;
  schedule: 'h' | 'd' | 'w' | 'm';
  chartType: 'line' | 'bar';
  logScale: boolean;
  forecast: boolean;
  /** true: the one summary chart; false: a chart per metric (Detailed). Starts on Summary. */
  summary: boolean;
}

export const DEFAULT_FILTERS: ChartFilters = {
  kpis: [],
  severity: null,
  patternType: null,
  schedule: 'h',
  chartType: 'line',
  logScale: false,
  forecast: false,
  summary: true,
};

/** The metrics the charts draw: the chosen ones in the group's order, or all of them when none is chosen. */
export function chartedKpis<T extends { kpi_id: string }>(all: T[], chosen: string[]): T[] {
  if (chosen.length === 0) return all;
  return all.filter((k) => chosen.includes(k.kpi_id));
}
