import type { SeriesPoint, SeriesSchedule } from '@tidemark/contract';
import type { TenantContext } from '../../plugins/context';

/**
 * A metric-store metric's stored series, for the Timeline of Events card. The series module (a stage above
 * events) owns them, so app.ts hands `eventsRoutes` its reader and events imports no stage.
 */
export type MetricSeriesReader = (args: {
  ctx: TenantContext;
  input: {
    kpi_id: string;
    pipeline_schedule: SeriesSchedule;
    timestamp_start?: string | undefined;
    timestamp_end?: string | undefined;
    dim_name?: string | undefined;
    dim_val?: string | undefined;
  };
}) => Promise<SeriesPoint[]>;

let reader: MetricSeriesReader | null = null;

/** Set once by eventsRoutes from its options; the same function serves every app in a process. */
export function useMetricSeries(r: MetricSeriesReader): void {
  reader = r;
}

/** The registered reader; an app built without one has no stored series to chart. */
export function metricSeries(): MetricSeriesReader | null {
  return reader;
}
