import { Resvg } from '@resvg/resvg-js';

/**
 * A small line chart for e-mails, drawn as SVG and rendered to PNG on the server: mail clients show
 * images, not scripts or SVG. Text is left out (fonts differ between machines); the e-mail says the figures.
 */
export interface ChartInput {
  values: Array<number | null>;
  lower?: Array<number | null>;
  upper?: Array<number | null>;
  /** Indexes [from, to] drawn as the anomaly. */
  highlight?: [number, number];
  /** Line colour: red for a bad move, green for a good one. */
  tone: 'bad' | 'good' | 'neutral';
}

const WIDTH = 560;
const HEIGHT = 160;
const PAD = 8;
const TONES = { bad: '#c62828', good: '#2e7d32', neutral: '#1565c0' } as const;

export function chartSvg(input: ChartInput): string {
  const n = input.values.length;
  const all = [...input.values, ...(input.lower ?? []), ...(input.upper ?? [])].filter(
    (v): v is number => v !== null && Number.isFinite(v),
  );
  const min = all.length ? Math.min(...all) : 0;
  const max = all.length ? Math.max(...all) : 1;
  const span = max - min || 1;
  const x = (i: number) => PAD + (n <= 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (n - 1));
  const y = (v: number) => HEIGHT - PAD - ((v - min) / span) * (HEIGHT - 2 * PAD);
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
  let band = '';
  if (input.lower && input.upper) {
    const idx = input.values
      .map((_, i) => i)
      .filter((i) => input.lower![i] != null && input.upper![i] != null);
    if (idx.length > 1) {
      const top = idx.map((i) => `${x(i).toFixed(1)},${y(input.upper![i]!).toFixed(1)}`);
      const bottom = idx.reverse().map((i) => `${x(i).toFixed(1)},${y(input.lower![i]!).toFixed(1)}`);
      band = `<polygon points="${[...top, ...bottom].join(' ')}" fill="#90a4ae" fill-opacity="0.25"/>`;
    }
  }
  let mark = '';
  if (input.highlight && n > 1) {
    const [a, b] = input.highlight;
    const left = x(Math.max(0, a)) - 4;
    const right = x(Math.min(n - 1, b)) + 4;
    mark = `<rect x="${left.toFixed(1)}" y="0" width="${(right - left).toFixed(1)}" height="${HEIGHT}" fill="${TONES[input.tone]}" fill-opacity="0.08"/>`;
  }
  const last = [...input.values].reverse().findIndex((v) => v !== null);
  const dot =
    last >= 0
      ? `<circle cx="${x(n - 1 - last).toFixed(1)}" cy="${y(input.values[n - 1 - last]!).toFixed(1)}" r="4" fill="${TONES[input.tone]}"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>${mark}${band}` +
    `<path d="${path(input.values)}" fill="none" stroke="${TONES[input.tone]}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>` +
    `${dot}</svg>`
  );
}

/** PNG at twice the size, so it stays sharp on high-density screens when shown at 560 × 160. */
export function chartPng(input: ChartInput): Buffer {
  const svg = chartSvg(input);
  return Buffer.from(
    new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH * 2 }, font: { loadSystemFonts: false } })
      .render()
      .asPng(),
  );
}

export const CHART_SIZE = { width: WIDTH, height: HEIGHT } as const;
