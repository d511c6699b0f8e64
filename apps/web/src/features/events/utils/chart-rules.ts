/** Rules of the Timeline of Events card (spec 2 §4 Chart types and filters, §5, §9). */

export type ChartType = 'timeseries' | 'bar' | 'stacked_area' | 'stacked_area_100' | 'funnel';
export type Granularity = 'h' | 'd' | 'w' | 'm';
export const GRANULARITIES: readonly Granularity[] = ['h', 'd', 'w', 'm'];

/**
 * Where the detail screen is drawn from: `oe` an opened event of a provider or experience metric, `pixel`
 * errors the site collector (the pixel) records, `digest` and `weekly_report` summaries built per day.
 */
export type PageType = 'oe' | 'pixel' | 'digest' | 'weekly_report';
/** Page types whose series are daily at the finest, so Hourly is disabled on them. */
export const HOURLY_RESTRICTED_PAGE_TYPES: readonly PageType[] = ['digest', 'weekly_report'];

const BROWSER = new Set(['js', 'beacon', 'network', 'asset']);

export function pageTypeOf(group: { type: string; sub_type?: string | null }): PageType {
  return group.type === 'error' && BROWSER.has(group.sub_type ?? '') ? 'pixel' : 'oe';
}

export function chartTypeOptions(pageType: PageType, eventFunnel: boolean): ChartType[] {
  const base: ChartType[] = ['timeseries', 'bar', 'stacked_area', 'stacked_area_100'];
  return pageType === 'oe' && eventFunnel ? [...base, 'funnel'] : base;
}

/** Bar is forced for the pixel page type unless the sub type is experience. */
export function forcedChartType(pageType: PageType, subType: string | null | undefined): ChartType | null {
  return pageType === 'pixel' && subType !== 'experience' ? 'bar' : null;
}

export function granularityDisabled(g: Granularity, pageType: PageType): boolean {
  if (g === 'm') return true;
  return g === 'h' && HOURLY_RESTRICTED_PAGE_TYPES.includes(pageType);
}

/** Half the chart window around an event, per schedule. */
export const HALF_WINDOW_MS: Record<Granularity, number> = {
  h: 45 * 60_000,
  d: 18 * 3_600_000,
  w: 126 * 3_600_000,
  m: 540 * 3_600_000,
};

/** Tick spacing per granularity; hourly is about 12 ticks over the range, at least an hour. */
export function tickIntervalMs(g: Granularity | 'q', rangeMs: number): number {
  switch (g) {
    case 'h':
      return Math.max(3_600_000, Math.round(rangeMs / 12 / 3_600_000) * 3_600_000);
    case 'd':
      return 86_400_000;
    case 'w':
      return 14 * 86_400_000;
    case 'm':
      return 30 * 86_400_000;
    case 'q':
      return 90 * 86_400_000;
  }
}

/**
 * The chart's default window: the event widened by the schedule's half window and one hour on each side.
 * A granularity change moves the start with it.
 */
export function chartWindow(
  event: { start: number; end: number },
  g: Granularity,
): { start: number; end: number } {
  const pad = HALF_WINDOW_MS[g] + 3_600_000;
  return { start: event.start - pad, end: event.end + pad };
}

/** The expected-range overlay: from an hour before the start (hourly) to 15 minutes before the end. */
export function overlayWindow(event: { start: number; end: number }, g: Granularity) {
  return { start: g === 'h' ? event.start - 3_600_000 : event.start, end: event.end - 15 * 60_000 };
}

export interface Dimension {
  dimension_id: string | number;
  dimension_name: string;
  dimension_display_name: string;
  split_enabled: boolean;
}

/** Dimensions to choose from: split-enabled, and not the applied global one in timeseries or bar mode. */
export function dimensionChoices<D extends Dimension>(
  dims: readonly D[],
  chartType: ChartType,
  appliedDimension: string | null,
): D[] {
  const simple = chartType === 'timeseries' || chartType === 'bar';
  return dims.filter(
    (d) => d.split_enabled && !(simple && appliedDimension && d.dimension_name === appliedDimension),
  );
}

export interface TimelineFilters {
  /** Metric ids; the first is the group's own and cannot be removed. */
  metrics: string[];
  dimension: string | null;
  values: string[];
  chartType: ChartType;
  granularity: Granularity;
  logScale: boolean;
}

export function initialFilters(
  kpiId: string,
  granularity: Granularity,
  forced: ChartType | null,
): TimelineFilters {
  return {
    metrics: [kpiId],
    dimension: null,
    values: [],
    chartType: forced ?? 'timeseries',
    granularity,
    logScale: false,
  };
}

export type TimelineAction =
  | { type: 'metrics'; metrics: string[] }
  | { type: 'dimension'; dimension: string | null }
  | { type: 'values'; values: string[] }
  | { type: 'chartType'; chartType: ChartType; firstDimension: string | null }
  | { type: 'granularity'; granularity: Granularity }
  | { type: 'logScale'; on: boolean }
  | { type: 'reset'; initial: TimelineFilters };

/** More than one metric disables the dimension and chart-type choices. */
export function multiMetric(filters: TimelineFilters): boolean {
  return filters.metrics.length > 1;
}

export function timelineReducer(state: TimelineFilters, action: TimelineAction): TimelineFilters {
  switch (action.type) {
    case 'metrics': {
      // The first metric is mandatory: whatever the chooser sends, it stays first.
      const first = state.metrics[0]!;
      const rest = action.metrics.filter((m) => m !== first);
      const metrics = [first, ...rest];
      return metrics.length > 1 ? { ...state, metrics, dimension: null, values: [] } : { ...state, metrics };
    }
    case 'dimension':
      return { ...state, dimension: action.dimension, values: [] };
    case 'values':
      return { ...state, values: action.values };
    case 'chartType': {
      // Timeseries and bar clear dimension choices; the area and funnel types split by the first dimension.
      if (action.chartType === 'timeseries' || action.chartType === 'bar')
        return { ...state, chartType: action.chartType, dimension: null, values: [] };
      return {
        ...state,
        chartType: action.chartType,
        dimension: state.dimension ?? action.firstDimension,
        values: state.dimension ? state.values : [],
      };
    }
    case 'granularity':
      return { ...state, granularity: action.granularity };
    case 'logScale':
      return { ...state, logScale: action.on };
    case 'reset':
      return action.initial;
  }
}
