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
   * trend_change: the change of the compound monthly growth rate (−0.14 = from +2 % to −12 % a month).
   */
  magnitude: number;
  description: string;
  /** The same event seen in the other table, unfiltered (e.g. sessions during an e-mail blast). */
  alsoVisibleIn?: Array<{ table: SampleTableName; metrics: SampleMetricName[] }>;
  /** A holiday the insight should be named after ('on Black Friday'). */
  holiday?: string;
}

export type NotAnomalyKind = 'rare_value' | 'repeat_peak' | 'data_cut';

/**
 * Something a merchant would not want raised: an insight on it is a false alarm. An insight that also
 * matches a planted anomaly counts as found, not as a false alarm.
 */
export interface NotAnomaly {
  id: string;
  kind: NotAnomalyKind;
  table: SampleTableName;
  metrics: SampleMetricName[];
  grain: 'h' | 'd';
  start: string;
  end: string;
  dimension?: { name: string; value: string };
  /** rare_value: the local days ('YYYY-MM-DD') holding the value's orders, less a planted anomaly's on it. */
  days?: string[];
  description: string;
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
  /** Patterns that must not be raised, so a quality benchmark can name its false alarms (young store only). */
  notAnomalies?: NotAnomaly[];
  /**
   * Findings a merchant wants that were not planted: a Black Friday the data holds no year before, so
   * nothing told the store's usual lift and the peak is news (demo store; it is also among `normalPeaks`,
   * which only forbid a High insight). The engine raises it "on Black Friday".
   */
  firstHolidays?: PlantedAnomaly[];
}

/** Everything a merchant would want raised: the planted anomalies and the first holidays. */
export function wantedFindings(key: AnswerKey): PlantedAnomaly[] {
  return [...key.anomalies, ...(key.firstHolidays ?? [])];
}

/** The answer key as pretty JSON, for a file beside the CSVs. */
export function answerKeyJson(store: { answerKey: AnswerKey }): string {
  return `${JSON.stringify(store.answerKey, null, 2)}\n`;
}
