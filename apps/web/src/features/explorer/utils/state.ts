import {
  SERIES_SCHEDULES,
  type ExplorerCatalog,
  type ExplorerQueryBody,
  type ExplorerState,
  type SeriesSchedule,
} from '@tidemark/contract';

/** Dimensions every chosen metric's table has (all of them while none is chosen). */
export function availableDimensions(catalog: ExplorerCatalog, metrics: string[]) {
  const chosen = catalog.metrics.filter((m) => metrics.includes(m.kpi_id));
  return catalog.dimensions.filter((d) => chosen.every((m) => m.dimensions.includes(d.name)));
}

/** Grains every chosen metric has: a table dated by day has no hours. */
export function availableGrains(catalog: ExplorerCatalog, metrics: string[]): SeriesSchedule[] {
  const chosen = catalog.metrics.filter((m) => metrics.includes(m.kpi_id));
  return SERIES_SCHEDULES.filter((g) => chosen.every((m) => m.grains.includes(g)));
}

/** The query the state asks: a filter row without values yet filters nothing. */
export function queryBodyOf(state: ExplorerState): ExplorerQueryBody {
  return {
    metrics: state.metrics,
    grain: state.grain,
    range: state.range,
    split_by: state.split_by,
    filters: state.filters.filter((f) => f.values.length > 0),
    compare: state.compare,
    band: state.band,
  };
}

/** A saved state read against today's catalogue: metrics and dimensions that went away are dropped. */
export function reconcileState(catalog: ExplorerCatalog, state: ExplorerState): ExplorerState {
  const metrics = state.metrics.filter((id) => catalog.metrics.some((m) => m.kpi_id === id));
  const dims = availableDimensions(catalog, metrics).map((d) => d.name);
  return {
    ...state,
    metrics,
    split_by: state.split_by.filter((d) => dims.includes(d)),
    filters: state.filters.filter((f) => dims.includes(f.dim_name)),
  };
}
