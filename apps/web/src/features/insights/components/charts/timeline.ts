import type { Insight, SeriesPoint } from '@tidemark/contract';
import { INSIGHTS_COPY } from '../../messages';
import type { LegendItem } from './chart-frame';
import { SCHEDULE_MS } from './schedule';

// The timeline's rules, apart from its drawing (which loads ECharts).

export type TimelineSeriesId = 'actual' | 'expected' | 'range' | 'spikes';

export function timelineLegend(colors: {
  actual: string;
  expected: string;
  range: string;
  spikes: string;
}): LegendItem[] {
  return [
    { id: 'actual', label: INSIGHTS_COPY.actual, color: colors.actual },
    { id: 'expected', label: INSIGHTS_COPY.expected, color: colors.expected },
    { id: 'range', label: INSIGHTS_COPY.expectedRange, color: colors.range },
    { id: 'spikes', label: INSIGHTS_COPY.spikesSeries, color: colors.spikes },
  ];
}

/**
 * The insight a clicked spike belongs to: one of the metric's insights whose run of anomalous points
 * (pattern_count buckets from its time) holds the spike; null shows the info snackbar.
 */
export function insightAtSpike(
  insights: Pick<
    Insight,
    'insight_id' | 'kpi_id' | 'insight_id_ts' | 'pattern_count' | 'pipeline_schedule'
  >[],
  kpiId: string,
  timestamp: string,
): string | null {
  const at = Date.parse(timestamp);
  const hit = insights.find((i) => {
    if (i.kpi_id !== kpiId) return false;
    const start = Date.parse(i.insight_id_ts);
    const span = Math.max(0, i.pattern_count - 1) * SCHEDULE_MS[i.pipeline_schedule];
    return at >= start && at <= start + span;
  });
  return hit?.insight_id ?? null;
}

/** Points outside the expected range that the pipeline flagged (anomaly 'True'). */
export function spikePoints(points: SeriesPoint[]): SeriesPoint[] {
  return points.filter((p) => p.result.anomaly === 'True' && p.result.y !== null);
}

/** The timeline with the expected band, spikes and the insight's highlight band (spec 3 §2, §4, §9). */

/**
 * Where the forecast begins: the first point after the last actual value that still carries an expected
 * range (the server appends the forecast as points with y null). null when there is none.
 */
export function forecastStart(points: SeriesPoint[]): number | null {
  let last = -1;
  points.forEach((p, i) => {
    if (p.result.y !== null) last = i;
  });
  const next = points.slice(last + 1).find((p) => p.result.yhat !== null);
  return next ? Date.parse(next.timestamp) : null;
}
