import { Resvg } from '@resvg/resvg-js';
import { formatMetricValue, type MetricFormat } from '@tidemark/format';

/**
 * A small line chart for e-mails and Slack, drawn as SVG and rendered to PNG on the server: mail clients
 * show images, not scripts or SVG. Axis labels are text in the server's sans-serif font (the machine needs
 * one installed, such as DejaVu or Liberation); the e-mail says the figures as well.
 */
export interface ChartInput {
  values: Array<number | null>;
  lower?: Array<number | null>;
  upper?: Array<number | null>;
  /** Indexes [from, to] drawn as the anomaly. */
  highlight?: [number, number];
  /** Line colour: red for a bad move, green for a good one. */
  tone: 'bad' | 'good' | 'neutral';
  /**
   * One date label per value, in the workspace's zone ('21 Nov', '3 PM'): with it the chart has axes, dates
   * along the bottom and values at the side. Rows written before axes existed have none.
   */
  labels?: string[];
  /** How the values read on the value axis (the metric's format, money in the workspace's currency). */
  format?: MetricFormat;
  currency_symbol?: string;
}

const WIDTH = 560;
const HEIGHT = 160;
const PAD = 8;
// Room for value labels on the left and dates below, when the chart has axes.
const AXIS_LEFT = 58;
const AXIS_BOTTOM = 20;
const AXIS_TOP = 12;
const FONT =
  'font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-size="11" fill="#6b7785"';
const TONES = { bad: '#c62828', good: '#2e7d32', neutral: '#1565c0' } as const;

const escXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Round tick values covering [min, max]: steps of 1, 2 or 5 times a power of ten, about `count` of them. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) {
    out.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
  }
  return out;
}

/** Indexes of the date labels to print: first and last, and evenly spread ones between, at most `max` (they fit). */
export function labelIndexes(n: number, max = 7): number[] {
  if (n <= 0) return [];
  if (n <= max) return [...Array(n).keys()];
  const step = (n - 1) / (max - 1);
  return [...new Set([...Array(max).keys()].map((i) => Math.round(i * step)))];
}

/** A character of the axis font (11 px DejaVu Sans) is under 6.5 px wide on average. */
const CHAR_PX = 6.5;

/**
 * How many date labels fit under the plot: hourly ones ('1 Dec 2 PM') are twice as wide as days. The first and
 * last hang inwards from the ends, so neighbours stay one and a half labels apart.
 */
function labelsThatFit(labels: readonly string[]): number {
  const widest = Math.max(...labels.map((l) => l.length)) * CHAR_PX;
  const plot = WIDTH - PAD - AXIS_LEFT;
  return Math.max(2, Math.min(7, Math.floor(plot / (1.5 * widest + 8)) + 1));
}

/** The chart's axes as drawn: value ticks with their labels and date labels with their positions. */
export interface ChartAxes {
  y: Array<{ value: number; label: string }>;
  x: Array<{ index: number; label: string }>;
}

export function chartAxes(input: ChartInput): ChartAxes | null {
  if (!input.labels || input.labels.length !== input.values.length) return null;
  const { min, max } = extent(input);
  const ticks = niceTicks(min, max);
  const fmt = (v: number) => formatMetricValue(v, input.format ?? 'number', input.currency_symbol ?? '');
  return {
    y: ticks.map((value) => ({ value, label: fmt(value) })),
    x: labelIndexes(input.values.length, labelsThatFit(input.labels)).map((index) => ({
      index,
      label: input.labels![index]!,
    })),
  };
}

function extent(input: ChartInput): { min: number; max: number } {
  const all = [...input.values, ...(input.lower ?? []), ...(input.upper ?? [])].filter(
    (v): v is number => v !== null && Number.isFinite(v),
  );
  if (!all.length) return { min: 0, max: 1 };
  let min = Math.min(...all);
  let max = Math.max(...all);
  if (min === max) {
    min -= Math.abs(min) * 0.1 || 1;
    max += Math.abs(max) * 0.1 || 1;
  }
  // With axes the value scale is widened to round ticks, so the lowest and highest lines are labelled.
  if (input.labels) {
    const ticks = niceTicks(min, max);
    const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : 0;
    if (step > 0) {
      min = Math.min(min, Math.floor(min / step) * step);
      max = Math.max(max, Math.ceil(max / step) * step);
    }
  }
  return { min, max };
}

export function chartSvg(input: ChartInput): string {
  const n = input.values.length;
  const axes = chartAxes(input);
  const { min, max } = extent(input);
  const span = max - min || 1;
  const left = axes ? AXIS_LEFT : PAD;
  const bottom = axes ? AXIS_BOTTOM : PAD;
  // The top value label is centred on its line: room for its upper half.
  const top = axes ? AXIS_TOP : PAD;
  const x = (i: number) => left + (n <= 1 ? 0 : (i * (WIDTH - left - PAD)) / (n - 1));
  const y = (v: number) => HEIGHT - bottom - ((v - min) / span) * (HEIGHT - bottom - top);
  const path = (vals: Array<number | null>) => {
    let d = '';
    let pen = false;
    vals.forEach((v, i) => {
      if (v === null || !Number.isFinite(v)) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };
  let grid = '';
  if (axes) {
    for (const t of axes.y) {
      const ty = y(t.value).toFixed(1);
      grid +=
        `<line x1="${left}" y1="${ty}" x2="${WIDTH - PAD}" y2="${ty}" stroke="#e3e8ee" stroke-width="1"/>` +
        `<text x="${left - 6}" y="${ty}" dy="4" text-anchor="end" ${FONT}>${escXml(t.label)}</text>`;
    }
    for (const t of axes.x) {
      const anchor = t.index === 0 ? 'start' : t.index === n - 1 ? 'end' : 'middle';
      grid += `<text x="${x(t.index).toFixed(1)}" y="${HEIGHT - 5}" text-anchor="${anchor}" ${FONT}>${escXml(t.label)}</text>`;
    }
    grid += `<line x1="${left}" y1="${HEIGHT - bottom}" x2="${WIDTH - PAD}" y2="${HEIGHT - bottom}" stroke="#9aa5b1" stroke-width="1"/>`;
  }
  let band = '';
  if (input.lower && input.upper) {
    const idx = input.values
      .map((_, i) => i)
      .filter((i) => input.lower![i] != null && input.upper![i] != null);
    if (idx.length > 1) {
      const top = idx.map((i) => `${x(i).toFixed(1)},${y(input.upper![i]!).toFixed(1)}`);
      const bottomEdge = idx.reverse().map((i) => `${x(i).toFixed(1)},${y(input.lower![i]!).toFixed(1)}`);
      band = `<polygon points="${[...top, ...bottomEdge].join(' ')}" fill="#90a4ae" fill-opacity="0.25"/>`;
    }
  }
  let mark = '';
  if (input.highlight && n > 1) {
    const [a, b] = input.highlight;
    const from = x(Math.max(0, a)) - 4;
    const to = x(Math.min(n - 1, b)) + 4;
    mark = `<rect x="${from.toFixed(1)}" y="0" width="${(to - from).toFixed(1)}" height="${HEIGHT - bottom}" fill="${TONES[input.tone]}" fill-opacity="0.08"/>`;
  }
  const last = [...input.values].reverse().findIndex((v) => v !== null);
  const dot =
    last >= 0
      ? `<circle cx="${x(n - 1 - last).toFixed(1)}" cy="${y(input.values[n - 1 - last]!).toFixed(1)}" r="4" fill="${TONES[input.tone]}"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>${grid}${mark}${band}` +
    `<path d="${path(input.values)}" fill="none" stroke="${TONES[input.tone]}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>` +
    `${dot}</svg>`
  );
}

/** PNG at twice the size, so it stays sharp on high-density screens when shown at 560 × 160. */
export function chartPng(input: ChartInput): Buffer {
  const svg = chartSvg(input);
  return Buffer.from(
    new Resvg(svg, {
      fitTo: { mode: 'width', value: WIDTH * 2 },
      font: { loadSystemFonts: true, sansSerifFamily: 'DejaVu Sans' },
    })
      .render()
      .asPng(),
  );
}

export const CHART_SIZE = { width: WIDTH, height: HEIGHT } as const;
