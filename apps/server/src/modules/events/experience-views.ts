import type { EventGroup } from '@tidemark/contract';
import type { TenantContext } from '../../plugins/context';
import type { GroupRow } from './event-groups.repository';

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
  funnelSteps(input: { ctx: TenantContext; at: number; grain: string }): Promise<Array<{
    kpi_display_name: string;
    y: number;
    metric_value_movement_pct: number | null;
    formatted_metric_value_movement_pct: string | null;
  }> | null>;
  metrics(input: { ctx: TenantContext }): Promise<Array<{ kpi_id: string; kpi_display_name: string }>>;
}

let views: ExperienceViews | null = null;

/** Set once by eventsRoutes from its options; the same functions serve every app in a process. */
export function useExperienceViews(v: ExperienceViews): void {
  views = v;
}

/** The registered views; an app built without them has no experience events to show. */
export function experienceViews(): ExperienceViews | null {
  return views;
}
