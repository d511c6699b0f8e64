import { METRIC_FILTER_COLUMNS, METRIC_SORTS } from '@tidemark/contract';

/** Spec 3 §9: page sizes 10, 25, 50 (default 10); orders desc and asc. */
export const METRICS_PAGE_SIZES = [10, 25, 50] as const;
export type MetricSort = (typeof METRIC_SORTS)[number];
export type FilterColumn = (typeof METRIC_FILTER_COLUMNS)[number];

export interface MetricsTableState {
  page: number;
  count: number;
  sortBy?: MetricSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  /** Spec 3 §2: the table shows active metrics unless asked otherwise. */
  isActive: boolean;
  filters: Partial<Record<FilterColumn, string>>;
}

const validFilter: Record<FilterColumn, (v: string) => boolean> = {
  kpi_display_name: (v) => v.length > 0 && v.length <= 200,
  category_name: (v) => v.length > 0 && v.length <= 200,
  funnel_name: (v) => v.length > 0 && v.length <= 200,
  tier: (v) => ['1', '2', '3'].includes(v),
  accent: (v) => v === 'positive' || v === 'negative',
};

/** Reads the table's state from the URL; anything unknown or out of range falls back to the default. */
export function parseTableState(params: URLSearchParams): MetricsTableState {
  const count = Number(params.get('count'));
  const sortBy = params.get('sort_by');
  const order = params.get('order');
  const filters: MetricsTableState['filters'] = {};
  for (const column of METRIC_FILTER_COLUMNS) {
    const value = params.get(column);
    if (value !== null && validFilter[column](value)) filters[column] = value;
  }
  const page = Math.floor(Number(params.get('page')));
  return {
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
    count: (METRICS_PAGE_SIZES as readonly number[]).includes(count) ? count : METRICS_PAGE_SIZES[0],
    sortBy:
      sortBy && (METRIC_SORTS as readonly string[]).includes(sortBy) ? (sortBy as MetricSort) : undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
    isActive: params.get('is_active') !== 'false',
    filters,
  };
}

/** Writes the table's state into the URL, leaving other parameters (tenant_id, dim_name, view) alone. */
export function writeTableState(params: URLSearchParams, state: MetricsTableState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined) => {
    if (value === undefined) next.delete(key);
    else next.set(key, value);
  };
  set('page', state.page > 1 ? String(state.page) : undefined);
  set('count', state.count !== METRICS_PAGE_SIZES[0] ? String(state.count) : undefined);
  set('sort_by', state.sortBy);
  set('order', state.sortBy ? (state.order ?? 'asc') : undefined);
  set('is_active', state.isActive ? undefined : 'false');
  for (const column of METRIC_FILTER_COLUMNS) set(column, state.filters[column]);
  return next;
}

/** A header click: a new column sorts ascending, the same column flips; either way back to page 1. */
export function toggleSort(state: MetricsTableState, column: MetricSort): MetricsTableState {
  const same = state.sortBy === column;
  return { ...state, page: 1, sortBy: column, order: same && state.order !== 'desc' ? 'desc' : 'asc' };
}

/** Sets or clears one column filter, back to page 1. */
export function withFilter(
  state: MetricsTableState,
  column: FilterColumn,
  value: string | null,
): MetricsTableState {
  const filters = { ...state.filters };
  if (value === null || value === '') delete filters[column];
  else filters[column] = value;
  return { ...state, page: 1, filters };
}
