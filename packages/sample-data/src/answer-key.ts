import type { SampleMetricName } from './metrics';
import type { SampleTableName } from './table';

export type AnomalyKind =
  | 'spike'
  | 'dip'
  | 'level_shift'
  | 'trend_change'
  | 'dimension_drop'
  | 'tracking_outage'
  | 'low_volume_spike'
  | 'zero_days';

/** One planted anomaly. Times are ISO UTC; `end` is exclusive. */
export interface PlantedAnomaly {
  id: string;
  kind: AnomalyKind;
  table: SampleTableName;
  /** Display names from SAMPLE_METRICS that move, on `table`, filtered by `dimension` when it is set. */
  metrics: SampleMetricName[];
  grain: 'h' | 'd';
  start: string;
  /** For level_shift and trend_change, which persist: the end of the data. */
  end: string;
  direction: 'up' | 'down';
  /** The dimension value that explains the change (root cause); absent when every value moves. */
  dimension?: { name: string; value: string };
  /**
   * Up: the multiplier (2.5 = ×2.5). Down: the relative change (−0.6 = −60 %, −1 = to zero).
   * trend_change: the change of the compound monthly growth rate (−0.06 = from +2 % to −4 % a month).
   */
  magnitude: number;
  description: string;
  /** The same event seen in the other table, unfiltered (e.g. sessions during an e-mail blast). */
  alsoVisibleIn?: Array<{ table: SampleTableName; metrics: SampleMetricName[] }>;
}

/** A day or run of days that departs from normal seasonality on purpose; it must raise no High insight. */
export interface NormalPeak {
  name: string;
  start: string;
  end: string;
}

export interface AnswerKey {
  seed: number;
  /** First instant of the data (local midnight), ISO UTC. */
  start: string;
  /** End of the data, exclusive, ISO UTC. */
  end: string;
  timezone: string;
  anomalies: PlantedAnomaly[];
  normalPeaks: NormalPeak[];
}

/** The answer key as pretty JSON, for a file beside the CSVs. */
export function answerKeyJson(store: { answerKey: AnswerKey }): string {
  return `${JSON.stringify(store.answerKey, null, 2)}\n`;
}
