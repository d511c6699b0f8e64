import type { RootCause, RootCauseDetail } from '@tidemark/contract';

export type RootCauseMeasure = 'impact' | 'lift' | 'volume';
export type SortOrder = 'asc' | 'desc';

/** Impact is the share of the movement; lift the value's own movement; volume the population change. */
export function measureOf(detail: RootCauseDetail, measure: RootCauseMeasure): number | null {
  const value =
    measure === 'impact'
      ? detail.pattern_contribution
      : measure === 'lift'
        ? detail.kpi_value_movement_decimal
        : detail.kpi_population_change_pct / 100;
  return Number.isFinite(value) ? value : null;
}

export function formattedMeasure(detail: RootCauseDetail, measure: RootCauseMeasure): string {
  return measure === 'impact'
    ? detail.formatted_pattern_contribution
    : measure === 'lift'
      ? detail.formatted_kpi_value_movement_decimal
      : detail.formatted_kpi_population_change_pct;
}

export interface RootCauseLevel {
  /** The drill-down group shown; null is the top level (every level-0 group). */
  group: string | null;
  title: string;
  details: RootCauseDetail[];
  omittedNulls: number;
}

/** The bars of one level: level 0 gathers the top contributors of every dimension. */
export function rootCauseLevel(rootcause: RootCause, group: string | null): RootCauseLevel {
  const groups =
    group === null
      ? rootcause.rootcause_data.filter((g) => g.level === 0)
      : rootcause.rootcause_data.filter((g) => g.group === group);
  const details = groups.flatMap((g) => g.rootcause_details);
  const omittedNulls = groups.reduce((s, g) => s + g.omitted_null_values, 0);
  const parent = group === null ? null : findParentDetail(rootcause, group);
  return {
    group,
    title: parent ? `${parent.dim_name}: ${parent.dim_val}` : 'Top contributors',
    details,
    omittedNulls,
  };
}

function findParentDetail(rootcause: RootCause, group: string): RootCauseDetail | null {
  for (const g of rootcause.rootcause_data) {
    const hit = g.rootcause_details.find((d) => d.drill_down_group === group);
    if (hit) return hit;
  }
  return null;
}

/** Sorted by the measure; details whose measure is null are dropped and counted (spec 3 §4). */
export function sortedDetails(
  details: RootCauseDetail[],
  measure: RootCauseMeasure,
  order: SortOrder,
): { rows: Array<{ detail: RootCauseDetail; value: number }>; nulls: number } {
  const rows: Array<{ detail: RootCauseDetail; value: number }> = [];
  let nulls = 0;
  for (const detail of details) {
    const value = measureOf(detail, measure);
    if (value === null) nulls++;
    else rows.push({ detail, value });
  }
  rows.sort((a, b) => (order === 'asc' ? a.value - b.value : b.value - a.value));
  return { rows, nulls };
}

/** A drill-down exists only when the bar names a group the root cause holds. */
export function drillTarget(rootcause: RootCause, detail: RootCauseDetail): string | null {
  const target = detail.drill_down_group;
  return target && rootcause.rootcause_data.some((g) => g.group === target) ? target : null;
}
