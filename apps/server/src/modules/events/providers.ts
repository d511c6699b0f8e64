import type { EventGroup, SeriesPoint, SeriesSchedule } from '@tidemark/contract';
import type { TenantContext } from '../../plugins/context';
import type { GroupRow } from './event-groups.repository';

// What the events API reads from stages above it (experience, series). Those import events (experience writes
// its groups here), so app.ts hands these to `eventsRoutes` instead, and events imports no stage above it.

/**
 * How the events API shows experience events, which the experience module raises into event_groups. Experience
 * imports events to write them, so the views come the other way: the composition root (app.ts) hands them to
 * `eventsRoutes`, and events imports no module that writes its groups.
 */
export interface ExperienceViews {
  isFigures(figures: unknown): boolean;
  groupOf(row: GroupRow, withRows: boolean): EventGroup;
  rootCause(
    figures: unknown,
    dimensionNames: string[] | null,
  ): Array<{
    dimension_name: string;
    dimension_value: string;
    expected_dimension_value: number;
    actual_dimension_value: number;
    dimension_value_movement_pct: number;
    formatted_dimension_value_movement_pct: string;
  }>;
  funnelSteps(verb: { ctx: TenantContext; input: { at: number; grain: string } }): Promise<Array<{
    kpi_display_name: string;
    y: number;
    metric_value_movement_pct: number | null;
    formatted_metric_value_movement_pct: string | null;
  }> | null>;
  metrics(input: { ctx: TenantContext }): Promise<Array<{ kpi_id: string; kpi_display_name: string }>>;
}

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

/** What app.ts hands `eventsRoutes`. */
export interface EventsProviders {
  /** How experience events are shown (modules/experience). */
  experience: ExperienceViews;
  /** A metric-store metric's stored series (modules/series), for the Timeline of Events card. */
  metricSeries: MetricSeriesReader;
}

let provided: EventsProviders | null = null;

/** Set once by eventsRoutes; the same functions serve every app in a process. */
export function provideEvents(p: EventsProviders): void {
  provided = p;
}

/** What was provided; an app built without it has no experience events or stored series to show. */
export function eventsProviders(): EventsProviders | null {
  return provided;
}
