import {
  analyzeSeries,
  detectSpikes,
  detectTrendChanges,
  fitExpectedRange,
  buildSpikeInsight,
  buildTrendInsight,
  mostlyFromRootCause,
  trendWindow,
  rootCause,
  seasonalForecast,
  countRun,
  detectCountRuns,
  RUN_EVIDENCE,
  type Grain,
  type InsightDraft,
  type MetricContext,
  type RootCauseDimension,
  type RootCauseResult,
  type SeriesStatus,
  type SpikeIncident,
} from '@tidemark/detect';
import { DATE_FORMATS, formatDate } from '@tidemark/format';
import { holidayBuckets, liftHolidays, unseenHolidays, type Holiday } from './holidays';
import { wallClock, type WallClock } from './wall-clock';
import { completeCount } from './fit-carry';

/**
 * The engine's work for one metric at one grain: every series (overall and each dimension value) is fitted,
 * spikes and the last trend change become insight drafts, and an overall insight of a metric that adds up
 * gets its root cause from the dimension values' own fits. Pure (no I/O): it runs in a worker thread.
 */

export interface AnalysisSeries {
  dim_name: string;
  dim_val: string;
  /** Bucket starts, epoch ms. */
  ts: number[];
  y: Array<number | null>;
  /** Rows behind each bucket: a ratio's segment matters by its share of them. */
  n?: number[];
  /**
   * The expected value of each complete bucket from an earlier fit (extended by its forecast): the series is
   * not fitted again in this run, only read for the overall insights' root cause. See REFIT_WITHIN.
   */
  expected?: Array<number | null>;
}

export interface AnalysisInput {
  grain: Grain;
  metric: MetricContext & { additive: boolean };
  timezone: string;
  currency_symbol: string;
  series: AnalysisSeries[];
  /** Days of the shared retail calendar (holidays.ts): modelled apart, never raised. */
  holidays?: Holiday[];
  /** The run's clock (epoch ms): the last bucket counts once it has ended. Unset, it is taken as filling. */
  now?: number;
  /** The end of the newest hour holding rows, when the data is timed: the last bucket must reach it too. */
  dataUntil?: number;
}

export interface SeriesFit {
  dim_name: string;
  dim_val: string;
  status: SeriesStatus;
  notes: string[];
  /** One per analysed bucket (the still-filling last bucket is not analysed); null where unmodelled. */
  yhat: Array<number | null>;
  lower: Array<number | null>;
  upper: Array<number | null>;
  /** The expected value and band past the last complete bucket (the filling bucket first). */
  forecast: { ts: number[]; yhat: number[]; lower: number[]; upper: number[] } | null;
}

export interface InsightFinding {
  dim_name: string;
  dim_val: string;
  ts_start: number;
  ts_end: number;
  severity_score: number;
  /** The movement in the metric's units: a spike's summed distance from expected, a trend's gap to its old line. */
  deviation: number;
  draft: InsightDraft;
  rootcause: RootCauseResult | null;
  /** What the root cause was computed from, so a drill-down can be added to it with pair data. */
  rootcause_input?: RootCauseDimension[];
}

export interface AnalysisOutput {
  fits: SeriesFit[];
  findings: InsightFinding[];
}

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);
const BUCKET_MS = { h: 3_600_000, d: 86_400_000 } as const;

/**
 * History a series needs before it raises insights (its fit is stored from the start). Weekly and monthly
 * series are driven by the year: before two years December is not an anomaly, just December.
 */
export const MIN_HISTORY_FOR_INSIGHTS: Record<Grain, number> = { h: 14 * 24, d: 28, w: 104, m: 24 };
/**
 * An hourly series raises a trend change only this recent (from its last bucket). Its changes are searched
 * on day blocks, so an older one is the daily series' own change again, and over a year of hours the last
 * one moved by weeks from one hour to the next (Feb 10, then Mar 16), each move a new insight.
 */
export const HOURLY_TREND_DAYS = 14;
/**
 * A dimension value's insight must matter to the whole: its deviation (or, for a ratio, its share of the
 * rows) at least this share of the overall metric over the same buckets. Small segments move a lot.
 */
export const MIN_SHARE_OF_OVERALL = 0.02;
/**
 * Hourly series of single dimension values are mostly noise at a store's volumes: their movements are
 * told by the overall hourly insight's root cause and by the daily series of the value.
 */
const VALUE_INSIGHT_GRAINS: ReadonlySet<Grain> = new Set(['d', 'w', 'm']);

/**
 * A sum over rows that are single events (orders, not a traffic table's hourly totals) varies at least as
 * much as the count of its rows: its mean value per row lets the engine keep a quiet hour's band that wide.
 * Event rows come at a varying rate (their count per bucket spreads like a count does); pre-aggregated
 * rows arrive a fixed number per bucket.
 */
function eventRowValue(series: AnalysisSeries): number | undefined {
  const n = series.n;
  if (!n || n.length < 2) return undefined;
  let rows = 0;
  let total = 0;
  let square = 0;
  let buckets = 0;
  for (let i = 0; i < n.length - 1; i++) {
    const y = series.y[i];
    if (y === null || y === undefined || !Number.isFinite(y)) continue;
    rows += n[i]!;
    square += n[i]! * n[i]!;
    total += y;
    buckets++;
  }
  if (rows === 0 || buckets < 2) return undefined;
  const mean = rows / buckets;
  const variance = square / buckets - mean * mean;
  if (variance < 0.5 * mean) return undefined;
  const perRow = total / rows;
  return perRow > 0 ? perRow : undefined;
}

/**
 * A rate in percent points (cancellations over orders) is a share of its bucket's rows, as noisy as the
 * binomial allows: the engine keeps its band at least that wide, so a quiet segment's two cancellations in
 * eleven orders are not an 18% spike. Ratios of amounts (an average order value) are not shares.
 */
function shareOfRows(
  series: AnalysisSeries,
  metric: AnalysisInput['metric'],
): { rowsAt: (timestamp: number) => number; whole: number } | undefined {
  if (metric.additive || metric.kpi_format !== 'percentage' || !series.n) return undefined;
  if (series.y.some((v) => v !== null && (v < 0 || v > 100))) return undefined;
  const rows = new Map(series.ts.map((t, i) => [t, series.n![i] ?? 0]));
  return { rowsAt: (t) => rows.get(t) ?? 0, whole: 100 };
}

/** A bucket still filling is never analysed, so never called a drop: only the first `complete` are. */
function completeBuckets(
  series: AnalysisSeries,
  complete: number,
): { timestamp: number; value: number | null }[] {
  const points = [];
  for (let i = 0; i < complete; i++) points.push({ timestamp: series.ts[i]!, value: series.y[i] ?? null });
  return points;
}

type Range = ReturnType<typeof analyzeSeries>['range'];
type AnalyzeOptions = NonNullable<Parameters<typeof analyzeSeries>[1]>;

/**
 * An hourly series fitted on the store's wall clock (wall-clock.ts), its range then laid back on the
 * stored instants, so spikes, trend changes and texts read real times. The autumn's repeated hour holds two
 * hours of data and is left out; the spring's missing hour is a gap between its neighbours.
 */
function analyzeOnWallClock(
  points: Array<{ timestamp: number; value: number | null }>,
  clock: WallClock,
  options: AnalyzeOptions,
): ReturnType<typeof analyzeSeries> {
  const instantOf = new Map<number, number>();
  const local = points.map((p) => {
    const key = clock.toLocal(p.timestamp);
    instantOf.set(key, p.timestamp);
    return { timestamp: key, value: clock.repeated(p.timestamp) ? null : p.value };
  });
  const range = fitExpectedRange(local, {
    ...options,
    holidays: options.holidays?.map((t) => clock.toLocal(new Date(t).getTime())),
  });
  const wall = range.timestamps;
  const stamps = wall.map((t) => instantOf.get(t) ?? Number.NaN);
  // A wall-clock hour with no stored bucket (the spring gap, a gap in the data) sits between its neighbours.
  for (let i = 0; i < stamps.length; i++) {
    if (!Number.isNaN(stamps[i]!)) continue;
    let j = i + 1;
    while (j < stamps.length && Number.isNaN(stamps[j]!)) j++;
    const before = i > 0 ? stamps[i - 1]! : undefined;
    const after = j < stamps.length ? stamps[j]! : undefined;
    for (let k = i; k < j; k++) {
      stamps[k] =
        before !== undefined && after !== undefined
          ? before + ((after - before) * (k - i + 1)) / (j - i + 1)
          : before !== undefined
            ? before + (k - i + 1) * 3_600_000
            : after! - (j - k) * 3_600_000;
    }
    i = j;
  }
  const onInstants = { ...range, timestamps: stamps };
  return {
    status: onInstants.status,
    notes: onInstants.notes,
    range: onInstants,
    spikes: detectSpikes(onInstants, options),
    trend: detectTrendChanges(onInstants, options),
  };
}
/** What the root cause reads of a value's fit: this run's, or an earlier one's carried forward. */
type FittedValue = { status: SeriesStatus; range: Pick<Range, 'timestamps' | 'y' | 'yhat' | 'periods'> };

export function analyzeMetric(input: AnalysisInput): AnalysisOutput {
  const { grain, metric } = input;
  const completeOf = (series: AnalysisSeries): number =>
    input.now === undefined
      ? Math.max(0, series.ts.length - 1)
      : completeCount(series.ts, grain, input.timezone, input.now, input.dataUntil);
  const text = { timezone: input.timezone, currency_symbol: input.currency_symbol };
  const fits: SeriesFit[] = [];
  const findings: InsightFinding[] = [];
  const ranges = new Map<string, ReturnType<typeof analyzeSeries>>();
  const carried = new Map<string, FittedValue>();
  // Each spike finding's incident as weighed, and the unseen holiday it fell on, for its retelling.
  const told = new Map<InsightFinding, { incident: SpikeIncident; holiday: Holiday | undefined }>();
  // Hourly series are fitted on the store's clock, read once for the span of every series.
  const instants = input.series.flatMap((s) => (s.ts.length ? [s.ts[0]!, s.ts.at(-1)!] : []));
  const clock: WallClock | null =
    grain === 'h' && instants.length
      ? wallClock(input.timezone, Math.min(...instants), Math.max(...instants))
      : null;

  // The overall series first: dimension values are weighed against it.
  const ordered = [...input.series].sort((a, b) => Number(a.dim_name !== '') - Number(b.dim_name !== ''));
  const overallSeries = ordered[0]?.dim_name === '' ? ordered[0] : null;
  for (const series of ordered) {
    if (series.expected && series.dim_name !== '') {
      const complete = completeBuckets(series, completeOf(series));
      carried.set(`${series.dim_name}\u0000${series.dim_val}`, {
        status: 'ok',
        range: {
          timestamps: complete.map((p) => p.timestamp),
          y: Float64Array.from(complete, (p) => p.value ?? Number.NaN),
          yhat: Float64Array.from(complete, (_, i) => series.expected![i] ?? Number.NaN),
          periods: ranges.get('\u0000')?.range.periods ?? [],
        },
      });
      continue;
    }
    // The still-filling last bucket is never analysed; built once for the fit, its stored arrays and the lift.
    const points = completeBuckets(series, completeOf(series));
    // A daily series' holidays it has no usable year of (a first Black Friday) are scored against a wide
    // band; the others are left out. An hour of one is never raised: the day tells it.
    const open =
      grain === 'd' && input.holidays?.length
        ? unseenHolidays(
            BUCKET_MS.d,
            points.map((p) => p.timestamp),
            points.map((p) => p.value),
            input.holidays,
          )
        : new Set<Holiday>();
    const counts = metric.additive && series.y.every((v) => v === null || Number.isInteger(v));
    // Counts, and sums over single rows (orders' money), are judged by how surprising the rows are under
    // counting noise: at a few orders a day a band fitted on the log scale calls every second order a spike.
    const perRow = counts ? 1 : metric.additive ? eventRowValue(series) : undefined;
    const options: AnalyzeOptions = {
      grain,
      holidays: holidayBuckets(
        series.ts,
        (input.holidays ?? []).filter((h) => !open.has(h)),
      ),
      openHolidays: holidayBuckets(series.ts, [...open]),
      tier: metric.tier,
      impact_to_topline: metric.impact_to_topline,
      accent: metric.accent,
      aggregation: metric.additive ? 'sum' : 'mean',
      // Quiet night hours are where counting noise rules; a whole day without a marketplace order is news.
      rowValue: grain === 'h' && metric.additive ? eventRowValue(series) : undefined,
      proportion: grain !== 'h' ? shareOfRows(series, metric) : undefined,
    };
    const analysis = clock ? analyzeOnWallClock(points, clock, options) : analyzeSeries(points, options);
    const { range } = analysis;
    ranges.set(`${series.dim_name}\u0000${series.dim_val}`, analysis);
    // The range is laid on the grain's grid from the first point, as the stored series is.
    const index = new Map(range.timestamps.map((t, i) => [t, i]));
    const pick = (values: Float64Array) =>
      points.map((p) => {
        const i = index.get(p.timestamp);
        return i === undefined ? null : num(values[i]!);
      });
    const fit: SeriesFit = {
      dim_name: series.dim_name,
      dim_val: series.dim_val,
      status: analysis.status,
      notes: analysis.notes,
      yhat: pick(range.yhat),
      lower: pick(range.lower),
      upper: pick(range.upper),
      forecast: analysis.status === 'ok' ? forecastOf(range) : null,
    };
    // Holidays are days: an hour or a day of one takes last year's lift; a week or a month holds the season.
    if (analysis.status === 'ok' && (grain === 'h' || grain === 'd') && input.holidays?.length) {
      liftHolidays(
        BUCKET_MS[grain],
        points.map((p) => p.timestamp),
        points.map((p) => p.value),
        fit,
        input.holidays,
        fit.forecast,
      );
    }
    fits.push(fit);
    if (analysis.status !== 'ok') continue;
    if (completeOf(series) < MIN_HISTORY_FOR_INSIGHTS[grain]) continue;
    // An hour holds too few rows for a ratio (one cancelled order in twenty moves a rate by 5 points): its
    // movements are told by the daily series. Counts and sums are fine hourly.
    if (grain === 'h' && !metric.additive) continue;
    // A value's movement that the whole metric shows too is told by the overall insight's root cause.
    const overallFindings = findings.filter((f) => f.dim_name === '');
    const toldByOverall = (from: number, to: number, direction: string, type: string) =>
      overallFindings.some(
        (f) =>
          f.draft.pattern_type === type &&
          f.draft.pattern_direction === direction &&
          f.ts_start <= to &&
          f.ts_end >= from,
      );
    const matters = (type: string, from: number, to: number, deviation: number, stopped = false) =>
      series.dim_name === '' ||
      (VALUE_INSIGHT_GRAINS.has(grain) &&
        !toldByOverall(from, to, deviation >= 0 ? 'up' : 'down', type) &&
        // A value that stops altogether (a channel, a payment method) matters whatever its size.
        (stopped ||
          shareOfOverall(series, overallSeries, ranges.get('\u0000'), from, to, deviation, metric.additive) >=
            MIN_SHARE_OF_OVERALL));
    // Rows seen in a window against the rows its expected value stands for; only where they are few (where
    // they are many the band already holds counting noise). A value that stopped altogether needs less.
    const beyondCountingNoise = (
      from: number,
      to: number,
      current: number,
      expected: number,
      direction: 'up' | 'down',
    ): boolean => {
      if (perRow === undefined) return true;
      let expectedRows = expected / perRow;
      if (!(expectedRows < FEW_ROWS)) return true;
      let rows = 0;
      let buckets = 0;
      const before: number[] = [];
      series.ts.forEach((t, i) => {
        if (t >= from && t <= to) {
          rows += series.n?.[i] ?? 0;
          buckets++;
        } else if (t < from) before.push(series.n?.[i] ?? 0);
      });
      // A rise is judged against at least the usual rows of the buckets before it (a fit of mostly empty
      // days expects nothing at all).
      const usual = before.slice(-USUAL_SPAN[grain]);
      if (direction === 'up' && usual.length)
        expectedRows = Math.max(expectedRows, (usual.reduce((a, v) => a + v, 0) / usual.length) * buckets);
      const seen = counts ? current : rows;
      return surprisingCount(seen, expectedRows, direction, seen === 0 ? STOPPED_P : COUNT_SURPRISE_P);
    };
    const rowsAt = new Map(series.ts.map((t, i) => [t, counts ? series.y[i] : series.n?.[i]]));
    // A spike of few rows must be a run (runs.ts): buckets adding up, not one bucket's handful.
    const spikeHolds = (found: SpikeIncident, stopped: boolean): boolean => {
      if (perRow === undefined || !(Math.abs(found.expected) / perRow < FEW_ROWS)) return true;
      const window = bucketRows(range, rowsAt, perRow, found.startIndex, found.endIndex, grain);
      return lowVolumeSpikeHolds(window.observed, window.expected, window.usual, found.direction, stopped);
    };
    const holidayAt = (t: number) => [...open].find((h) => t >= h.start && t < h.end);
    // Days of few rows also raise runs the band alone does not show (runs.ts): a two-day −70 % drop of a
    // country with thirty orders a day, a marketplace day without an order. Hours share their noise.
    const runs =
      grain === 'd' && perRow !== undefined
        ? detectCountRuns(range, {
            rows: range.timestamps.map((t) => rowsAt.get(t) ?? Number.NaN),
            perRow,
            tier: metric.tier,
            impact_to_topline: metric.impact_to_topline,
          }).filter(
            (r) =>
              !analysis.spikes.some(
                (s) =>
                  s.direction === r.direction && s.startIndex <= r.endIndex && s.endIndex >= r.startIndex,
              ),
          )
        : [];
    for (const found of [...analysis.spikes, ...runs]) {
      const stopped = found.direction === 'down' && found.current <= 0.1 * Math.abs(found.expected);
      const deviation = found.current - found.expected;
      if (!matters('Point Anomaly', found.start, found.end, deviation, stopped)) continue;
      const share =
        series.dim_name === ''
          ? 1
          : shareOfExpected(
              series,
              overallSeries,
              ranges.get('\u0000'),
              found.start,
              found.end,
              metric.additive,
            );
      if (!spikeHolds(found, stopped)) continue;
      // A holiday the series has no usable year of, beyond any holiday's usual span (a first Black Friday at
      // four times a day): worth a look and named after the day, but the team planned it, so never High. Its
      // sigmas count from the edge of a span, not of the noise: they do not grade it.
      // Named after the day it starts on when that is one (Black Friday through Cyber Monday), else its peak's.
      const peakHoliday = holidayAt(range.timestamps[found.peakIndex]!);
      const holiday = peakHoliday && (holidayAt(found.start) ?? peakHoliday);
      const weighed = weighSeverity(holiday ? 'Medium' : found.severity, deviation, counts, share);
      const incident = { ...found, severity: weighed };
      const finding: InsightFinding = {
        dim_name: series.dim_name,
        dim_val: series.dim_val,
        ts_start: incident.start,
        ts_end: incident.end,
        severity_score: incident.severityScore,
        deviation,
        draft: onHoliday(buildSpikeInsight(range, incident, metric, text), incident, holiday, input.timezone),
        rootcause: null,
      };
      told.set(finding, { incident, holiday });
      findings.push(finding);
    }
    const trend = buildTrendInsight(range, analysis.trend, metric, text);
    const cp = analysis.trend.lastChangepoint;
    const last = range.timestamps[range.timestamps.length - 1]!;
    const window = trend ? trendWindow(range, analysis.trend) : null;
    const trendGap = window?.deviation ?? 0;
    const recent = grain !== 'h' || cp === null || cp.timestamp >= last - HOURLY_TREND_DAYS * 86_400_000;
    const counted =
      !window ||
      beyondCountingNoise(
        range.timestamps[window.from]!,
        range.timestamps[window.to]!,
        window.actual * window.buckets,
        window.expected * window.buckets,
        window.deviation >= 0 ? 'up' : 'down',
      );
    if (trend && cp && window && recent && counted && matters('Trend Change', cp.timestamp, last, trendGap)) {
      findings.push({
        dim_name: series.dim_name,
        dim_val: series.dim_val,
        ts_start: cp.timestamp,
        // The change is judged and priced over its bounded horizon; the insight spans that.
        ts_end: range.timestamps[window.to]!,
        severity_score: window.expected !== 0 ? Math.abs(window.actual / window.expected - 1) : 0,
        deviation: trendGap,
        draft: trend,
        rootcause: null,
      });
    }
  }

  // Root cause of the overall series' insights, from each dimension value's actual and expected values.
  {
    for (const finding of findings) {
      if (finding.dim_name !== '') continue;
      const at = rootCauseAt(finding, input, (key) => ranges.get(key) ?? carried.get(key));
      if (!at || at.result.status !== 'ok') continue;
      const rc = at.result;
      finding.rootcause = rc;
      finding.rootcause_input = at.dimensions;
      const mostly = mostlyFromRootCause(rc);
      if (mostly) {
        const overall = ranges.get('\u0000')!;
        // The spike as weighed and named above, told again with its leading value.
        const spike = told.get(finding);
        const rebuilt =
          finding.draft.pattern_type === 'Point Anomaly' && spike
            ? onHoliday(
                buildSpikeInsight(overall.range, spike.incident, metric, { ...text, mostly }),
                spike.incident,
                spike.holiday,
                input.timezone,
              )
            : finding.draft.pattern_type === 'Trend Change'
              ? buildTrendInsight(overall.range, overall.trend, metric, { ...text, mostly })
              : null;
        if (rebuilt) finding.draft = rebuilt;
      }
    }
  }
  return { fits, findings };
}

// A ratio's expected population (rows behind a bucket) is the same phase of the last few cycles.
const POPULATION_CYCLE: Record<Grain, number> = { h: 168, d: 7, w: 1, m: 1 };
const POPULATION_CYCLES = 4;

function rootCauseAt(
  finding: InsightFinding,
  input: AnalysisInput,
  fitOf: (key: string) => FittedValue | undefined,
): { result: RootCauseResult; dimensions: RootCauseDimension[] } | null {
  const additive = input.metric.additive;
  const byDimension = new Map<string, RootCauseDimension>();
  for (const s of input.series) {
    if (s.dim_name === '') continue;
    const analysis = fitOf(`${s.dim_name}\u0000${s.dim_val}`);
    if (!analysis || analysis.status !== 'ok') continue;
    const { range } = analysis;
    const rowsAt = new Map(s.ts.map((t, i) => [t, s.n?.[i] ?? 0]));
    const rows = range.timestamps.map((t) => rowsAt.get(t) ?? 0);
    const cycle = POPULATION_CYCLE[input.grain];
    const expectedRows = (i: number): number => {
      let sum = 0;
      let k = 0;
      for (let c = 1; c <= POPULATION_CYCLES && i - c * cycle >= 0; c++, k++) sum += rows[i - c * cycle]!;
      return k ? sum / k : rows[i]!;
    };
    // Additive metrics add up as they are; a ratio adds up as value × rows (its numerator), over rows.
    let current = 0;
    let expected = 0;
    let currentRows = 0;
    let baseRows = 0;
    let seen = false;
    const add = (into: 'current' | 'expected', value: number, weight: number) => {
      if (!Number.isFinite(value)) return;
      const v = additive ? value : value * weight;
      if (into === 'current') {
        current += v;
        currentRows += weight;
      } else {
        expected += v;
        baseRows += weight;
      }
    };
    if (finding.draft.pattern_type === 'Trend Change') {
      // A value's own fit follows its new level; the change is the period after against the one before.
      const at = range.timestamps.findIndex((t) => t >= finding.ts_start);
      const season = range.periods[0] ?? 1;
      let span = Math.min(at, range.timestamps.length - at);
      if (span >= season) span -= span % season;
      for (let k = 0; k < span; k++) {
        add('current', range.y[at + k]!, rows[at + k]!);
        add('expected', range.y[at - span + k]!, rows[at - span + k]!);
        seen = true;
      }
    } else {
      for (let i = 0; i < range.timestamps.length; i++) {
        const t = range.timestamps[i]!;
        if (t < finding.ts_start || t > finding.ts_end) continue;
        add('current', range.y[i]!, rows[i]!);
        add('expected', range.yhat[i]!, expectedRows(i));
        seen = true;
      }
    }
    if (!seen) continue;
    const dimension = byDimension.get(s.dim_name) ?? { dim_name: s.dim_name, values: [] };
    dimension.values.push(
      additive
        ? { dim_val: s.dim_val, current, expected }
        : {
            dim_val: s.dim_val,
            current,
            expected,
            current_population: currentRows,
            expected_population: baseRows,
          },
    );
    byDimension.set(s.dim_name, dimension);
  }
  if (byDimension.size === 0) return null;
  const dimensions = [...byDimension.values()];
  return {
    dimensions,
    result: rootCause({
      dimensions,
      format: input.metric.kpi_format,
      currency_symbol: input.currency_symbol,
    }),
  };
}

const FORECAST_HORIZON: Record<Grain, number> = { h: 48, d: 14, w: 8, m: 3 };

/**
 * The engine's seasonal forecast (trend carried on, plus the season) with a band taken from the same
 * phase of the last cycle, scaled with the level on a multiplicative fit and widened with the horizon.
 */
function forecastOf(range: ReturnType<typeof analyzeSeries>['range']): SeriesFit['forecast'] {
  const horizon = FORECAST_HORIZON[range.grain];
  const points = seasonalForecast(range, horizon);
  const n = range.yhat.length;
  const period = range.periods.at(-1) ?? range.periods[0] ?? 1;
  if (points.length === 0 || n === 0) return null;
  const out = { ts: [] as number[], yhat: [] as number[], lower: [] as number[], upper: [] as number[] };
  const nonNegative = range.lower.every((v) => !(v < 0));
  // An unseen holiday's bucket carries its wide holiday band: the phase a cycle earlier stands in for it.
  const open = (j: number) => Number.isFinite(range.holidayScore?.[j] ?? Number.NaN);
  points.forEach((p, k) => {
    let j = n >= period ? n - period + (k % period) : n - 1;
    if (open(j) && j - period >= 0) j -= period;
    const base = range.yhat[j]!;
    const scale = range.multiplicative && base > 0 ? p.yhat / base : 1;
    const widen = Math.sqrt(1 + (k + 1) / Math.max(1, period));
    const up = (range.upper[j]! - base) * scale * widen;
    const down = (base - range.lower[j]!) * scale * widen;
    if (![p.yhat, up, down].every(Number.isFinite)) return;
    out.ts.push(p.timestamp);
    out.yhat.push(p.yhat);
    out.lower.push(nonNegative ? Math.max(0, p.yhat - down) : p.yhat - down);
    out.upper.push(p.yhat + up);
  });
  return out.ts.length ? out : null;
}

/** How unlikely a window's rows must be under counting noise (Poisson, one-sided) to be raised. */
export const COUNT_SURPRISE_P = 1e-4;
/** A value that stopped altogether (no row at all) is news sooner: about seven expected rows. */
export const STOPPED_P = 1e-3;
/** Above this many expected rows in a window the fitted band already holds counting noise. */
export const FEW_ROWS = 50;

/** Whether `current` rows against `expected` are beyond counting noise in the given direction. */
export function surprisingCount(
  current: number,
  expected: number,
  direction: 'up' | 'down',
  p = COUNT_SURPRISE_P,
): boolean {
  if (!Number.isFinite(current) || !Number.isFinite(expected)) return true;
  const lambda = Math.max(expected, 0.05);
  const k = Math.round(current);
  // Far above a few hundred rows the band already holds counting noise; the normal approximation is exact enough.
  if (lambda > 400) {
    const z = (k - lambda) / Math.sqrt(lambda);
    return direction === 'up' ? z > 3.72 : z < -3.72;
  }
  let pmf = Math.exp(-lambda);
  let cdf = 0;
  for (let i = 0; i < k; i++) {
    cdf += pmf;
    pmf *= lambda / (i + 1);
  }
  // cdf = P(X < k), pmf = P(X = k)
  return direction === 'up' ? 1 - cdf < p : cdf + pmf < p;
}

/** Buckets before a spike that tell a value's usual rows per bucket: four weeks of days, two months of weeks. */
const USUAL_SPAN: Record<Grain, number> = { h: 28, d: 28, w: 8, m: 6 };

/**
 * Rows seen in each bucket of a spike [a, b] against the rows its expected value stands for, and the
 * series' usual rows there: the mean of the USUAL_SPAN buckets before it (for an hour, the same hour of
 * the days before it, since nights are quiet). A fit of mostly empty days expects nothing at all; the
 * usual rate is what a country that sells one order a fortnight really expects.
 */
function bucketRows(
  range: Range,
  rowsAt: ReadonlyMap<number, number | null | undefined>,
  perRow: number,
  a: number,
  b: number,
  grain: Grain,
): { observed: number[]; expected: number[]; usual: number[] } {
  const mean = (times: number[]) => {
    let sum = 0;
    let k = 0;
    for (const t of times) {
      const v = rowsAt.get(t);
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      sum += v;
      k++;
    }
    return k ? sum / k : 0;
  };
  const before = grain === 'h' ? 0 : mean(range.timestamps.slice(Math.max(0, a - USUAL_SPAN[grain]), a));
  const out = { observed: [] as number[], expected: [] as number[], usual: [] as number[] };
  for (let i = a; i <= b; i++) {
    const t = range.timestamps[i]!;
    const seen = rowsAt.get(t);
    out.observed.push(seen === null || seen === undefined ? Number.NaN : seen);
    out.expected.push(range.yhat[i]! / perRow);
    out.usual.push(
      grain === 'h' ? mean(Array.from({ length: USUAL_SPAN.h }, (_, k) => t - (k + 1) * 86_400_000)) : before,
    );
  }
  return out;
}

/**
 * Whether a spike of few rows is news: a value that stopped altogether when rows were due, or a run of
 * buckets (runs.ts) whose rows add up to RUN_EVIDENCE against their expected rows (for a rise, at least the
 * usual rate). Three orders of a rare country on one day, or a cluster of six in one evening hour, are not;
 * twelve voided orders over three days, or a first Black Friday at four times a day, are.
 */
export function lowVolumeSpikeHolds(
  observed: readonly number[],
  expected: readonly number[],
  usual: readonly number[],
  direction: 'up' | 'down',
  stopped = false,
): boolean {
  if (stopped) {
    let seen = 0;
    let due = 0;
    observed.forEach((x, i) => {
      if (!Number.isFinite(x) || !Number.isFinite(expected[i]!)) return;
      seen += x;
      due += expected[i]!;
    });
    return surprisingCount(seen, due, 'down', STOPPED_P);
  }
  const rates = expected.map((e, i) => (direction === 'up' ? Math.max(e, usual[i] ?? 0) : e));
  return countRun(observed, rates, direction).evidence >= RUN_EVIDENCE;
}

/**
 * A spike on a holiday the series has no usable year of, named after it ('on Black Friday, Fri 29 Nov'),
 * its summary saying why its range is so wide.
 */
function onHoliday(
  draft: InsightDraft,
  incident: SpikeIncident,
  holiday: Holiday | undefined,
  timezone: string,
): InsightDraft {
  if (!holiday) return draft;
  const day = formatDate(incident.start, { tz: timezone, format: DATE_FORMATS.day });
  const starts = incident.start >= holiday.start && incident.start < holiday.end;
  return {
    ...draft,
    insight_title: draft.insight_title.replace(
      `on ${day}`,
      starts ? `on ${holiday.name}, ${day}` : `on ${day}, around ${holiday.name}`,
    ),
    insight_summary:
      `${draft.insight_summary} The data holds no earlier ${holiday.name} at this level to expect it from, ` +
      'so its normal range spans what a holiday usually does to a day.',
  };
}

/** Counts that moved by fewer units than this are never more than Low: one or two orders are not news. */
export const MIN_UNITS_FOR_SEVERITY = 3;
/** A dimension value carrying less than this share of the whole is never High. */
export const HIGH_SHARE = 0.05;

/** Severity weighed by business weight: the size of the movement in units, and the value's share of the whole. */
export function weighSeverity(
  severity: 'High' | 'Medium' | 'Low',
  deviation: number,
  counts: boolean,
  share: number,
): 'High' | 'Medium' | 'Low' {
  if (counts && Math.abs(deviation) < MIN_UNITS_FOR_SEVERITY) return 'Low';
  if (severity === 'High' && share < HIGH_SHARE) return 'Medium';
  return severity;
}

/** A dimension value's expected share of the overall metric over [from, to] (rows for a ratio). */
function shareOfExpected(
  series: AnalysisSeries,
  overall: AnalysisSeries | null,
  overallAnalysis: ReturnType<typeof analyzeSeries> | undefined,
  from: number,
  to: number,
  additive: boolean,
): number {
  const sum = (s: AnalysisSeries, pick: (i: number) => number) =>
    s.ts.reduce((acc, t, i) => (t >= from && t <= to ? acc + pick(i) : acc), 0);
  if (!overall) return 1;
  if (!additive) {
    const total = sum(overall, (i) => overall.n?.[i] ?? 0);
    return total > 0 ? sum(series, (i) => series.n?.[i] ?? 0) / total : 1;
  }
  // The value's own typical level against the whole's: its actual in a spike is what moved.
  const whole = overallAnalysis
    ? overallAnalysis.range.timestamps.reduce(
        (acc, t, i) =>
          t >= from && t <= to && Number.isFinite(overallAnalysis.range.yhat[i]!)
            ? acc + Math.abs(overallAnalysis.range.yhat[i]!)
            : acc,
        0,
      )
    : sum(overall, (i) => Math.abs(overall.y[i] ?? 0));
  if (whole <= 0) return 1;
  // The value's usual level: its mean over the four weeks before the window, per bucket of the window.
  const before = series.ts
    .map((t, i) => ({ t, y: series.y[i] }))
    .filter((p) => p.t < from && p.t >= from - 28 * 86_400_000 && p.y !== null && p.y !== undefined);
  const buckets = Math.max(1, series.ts.filter((t) => t >= from && t <= to).length);
  const usual = before.length
    ? (before.reduce((a, p) => a + Math.abs(p.y!), 0) / before.length) * buckets
    : 0;
  return usual / whole;
}

/** How much of the overall metric a dimension value's deviation over [from, to] is. */
function shareOfOverall(
  series: AnalysisSeries,
  overall: AnalysisSeries | null,
  overallAnalysis: ReturnType<typeof analyzeSeries> | undefined,
  from: number,
  to: number,
  deviation: number,
  additive: boolean,
): number {
  if (!overall) return 1;
  if (!additive) {
    // A ratio's segment counts by its rows: a conversion rate of a sliver of the traffic is not the store's.
    const rows = (s: AnalysisSeries) =>
      s.ts.reduce((sum, t, i) => (t >= from && t <= to ? sum + (s.n?.[i] ?? 0) : sum), 0);
    const total = rows(overall);
    return total > 0 ? rows(series) / total : 0;
  }
  if (!overallAnalysis) return 1;
  const { range } = overallAnalysis;
  let expected = 0;
  for (let i = 0; i < range.timestamps.length; i++) {
    const t = range.timestamps[i]!;
    if (t >= from && t <= to && Number.isFinite(range.yhat[i]!)) expected += Math.abs(range.yhat[i]!);
  }
  return expected > 0 ? Math.abs(deviation) / expected : 1;
}
