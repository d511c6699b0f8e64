import { fitExpectedRange, type ExpectedRange, type RangeOptions } from './range';
import { detectSpikes, type SpikeIncident, type SpikeOptions } from './spikes';
import { detectTrendChanges, type TrendChangeResult, type TrendOptions } from './trend';
import type { InputPoint, SeriesStatus } from './series';

import type { SeriesPoint } from '@tidemark/contract';

/** The wire's series point (spec §3), from the contract: anomaly is the string 'True' or 'False'. */
export type { SeriesPoint };

export interface Analysis {
  status: SeriesStatus;
  notes: string[];
  range: ExpectedRange;
  spikes: SpikeIncident[];
  trend: TrendChangeResult;
}

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** Series points for the chart: a point is an anomaly when it falls outside yhat_lower..yhat_upper. */
export function toSeriesPoints(range: ExpectedRange): SeriesPoint[] {
  return range.timestamps.map((t, i) => {
    const s = range.score[i]!;
    return {
      timestamp: new Date(t).toISOString(),
      result: {
        y: num(range.y[i]!),
        yhat: num(range.yhat[i]!),
        yhat_lower: num(range.lower[i]!),
        yhat_upper: num(range.upper[i]!),
        anomaly: range.status === 'ok' && Number.isFinite(s) && Math.abs(s) > range.z ? 'True' : 'False',
      },
    };
  });
}

/** The full batch output for one series: range, spikes and trend change. */
export function analyzeSeries(
  points: readonly InputPoint[],
  options: RangeOptions & SpikeOptions & TrendOptions = {},
): Analysis {
  const range = fitExpectedRange(points, options);
  return {
    status: range.status,
    notes: range.notes,
    range,
    spikes: detectSpikes(range, options),
    trend: detectTrendChanges(range, options),
  };
}
