/**
 * bench:detect — speed and quality of the batch engine on synthetic hourly series (90 days, 2,160
 * points) against augurs MSTL and Prophet. One core: every loop runs on the main thread.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initSync as initMstl, MSTL } from '@bsull/augurs/mstl';
import { initSync as initProphet, Prophet } from '@bsull/augurs/prophet';
import { optimizer } from '@bsull/augurs-prophet-wasmstan';
import {
  detectSpikes,
  detectTrendChanges,
  fitExpectedRange,
  regularize,
  rootCause,
  type RegularSeries,
} from '../src/index';
import { HOURS, makeCube, makeSeries, type SyntheticSeries } from './synthetic';

const SERIES = Number(process.env.BENCH_SERIES ?? 200);
const MSTL_SAMPLE = Number(process.env.BENCH_MSTL ?? 20);
const PROPHET_SAMPLE = Number(process.env.BENCH_PROPHET ?? 3);
const CUBES = Number(process.env.BENCH_CUBES ?? 200);

const require = createRequire(import.meta.url);
const augursDir = dirname(require.resolve('@bsull/augurs/mstl'));
initMstl({ module: readFileSync(join(augursDir, 'mstl_bg.wasm')) });
initProphet({ module: readFileSync(join(augursDir, 'prophet_bg.wasm')) });

function toRegular(s: SyntheticSeries): RegularSeries {
  return {
    grain: 'h',
    timestamps: Array.from({ length: HOURS }, (_, i) => s.start + i * 3_600_000),
    values: s.values,
    notes: [],
  };
}

const data = Array.from({ length: SERIES }, (_, i) => makeSeries(1000 + i));
const fmt = (x: number, d = 1): string => x.toFixed(d);

// Speed of the full output.
function runOurs(s: SyntheticSeries) {
  const range = fitExpectedRange(toRegular(s));
  return { range, spikes: detectSpikes(range), trend: detectTrendChanges(range) };
}
// Steady state: a first pass lets the JIT compile the hot loops, as in a worker that runs all day. It is
// timed too and printed, so the cost of a fresh process is not hidden.
let t0 = performance.now();
data.forEach(runOurs);
const coldMs = (performance.now() - t0) / SERIES;
t0 = performance.now();
const outputs = data.map(runOurs);
const oursMs = (performance.now() - t0) / SERIES;
const oursRate = 1000 / oursMs;
// Input validation on raw points too, as the API will call it.
t0 = performance.now();
for (const s of data.slice(0, 50))
  fitExpectedRange(
    regularize(
      Array.from(s.values, (v, i) => ({ timestamp: s.start + i * 3_600_000, value: v })),
      'h',
    ),
  );
const rawMs = (performance.now() - t0) / Math.min(50, SERIES);

// Quality: clean points are away from planted spikes and trend changes.
function cleanMask(s: SyntheticSeries): Uint8Array {
  const m = new Uint8Array(HOURS).fill(1);
  for (const p of s.spikes) for (let i = p.start - 1; i <= p.end + 1; i++) if (i >= 0 && i < HOURS) m[i] = 0;
  if (s.trendChange)
    for (let i = s.trendChange.index - 24; i <= s.trendChange.index + 24; i++)
      if (i >= 0 && i < HOURS) m[i] = 0;
  for (let i = 0; i < HOURS; i++) if (Number.isNaN(s.values[i]!)) m[i] = 0;
  return m;
}
function seasonalScale(s: SyntheticSeries): number {
  let sum = 0;
  let c = 0;
  for (let i = 168; i < HOURS; i++) {
    const d = s.values[i]! - s.values[i - 168]!;
    if (Number.isFinite(d)) {
      sum += Math.abs(d);
      c++;
    }
  }
  return sum / c;
}
function mae(s: SyntheticSeries, yhat: ArrayLike<number>, mask: Uint8Array): number {
  let sum = 0;
  let c = 0;
  for (let i = 0; i < HOURS; i++)
    if (mask[i]) {
      sum += Math.abs(s.values[i]! - yhat[i]!);
      c++;
    }
  return sum / c;
}

let inside = 0;
let cleanCount = 0;
data.forEach((s) => {
  const r = fitExpectedRange(toRegular(s), { sensitivity: { level: 0.95 } });
  const mask = cleanMask(s);
  for (let i = 0; i < HOURS; i++)
    if (mask[i]) {
      cleanCount++;
      if (s.values[i]! >= r.lower[i]! && s.values[i]! <= r.upper[i]!) inside++;
    }
});
// The band is a prediction interval: checked on points the fit never saw (every 10th clean point left out).
let heldInside = 0;
let heldCount = 0;
data.forEach((s, k) => {
  const mask = cleanMask(s);
  const values = Float64Array.from(s.values);
  const held: number[] = [];
  for (let i = 5 + (k % 10); i < HOURS; i += 10)
    if (mask[i]) {
      held.push(i);
      values[i] = NaN;
    }
  const r = fitExpectedRange({ ...toRegular(s), values }, { sensitivity: { level: 0.95 } });
  for (const i of held) {
    heldCount++;
    if (s.values[i]! >= r.lower[i]! && s.values[i]! <= r.upper[i]!) heldInside++;
  }
});

// Planted anomalies, matched one to one (a second incident on the same planted spike, or a second
// changepoint near the same planted change, is a false positive). A spike is found when an incident
// overlaps it ±2 h; a trend change when a changepoint lies within ±36 h of it: a day and a half either
// side, which still names the right day in a merchant's "since Tue 12 Mar".
const SPIKE_SLACK = 2;
const TREND_TOLERANCE = 36;
let spikeTp = 0;
let spikeFp = 0;
let spikeFound = 0;
let spikePlanted = 0;
let tcTp = 0;
let tcFp = 0;
let tcFound = 0;
let tcPlanted = 0;
const tcError = { level: [] as number[], slope: [] as number[] };
data.forEach((s, k) => {
  const { spikes, trend } = outputs[k]!;
  const claimed = new Set<number>();
  for (const inc of spikes) {
    const hit = s.spikes.findIndex(
      (p, j) =>
        !claimed.has(j) && inc.startIndex <= p.end + SPIKE_SLACK && inc.endIndex >= p.start - SPIKE_SLACK,
    );
    if (hit >= 0) {
      claimed.add(hit);
      spikeTp++;
    } else spikeFp++;
  }
  spikeFound += claimed.size;
  spikePlanted += s.spikes.length;
  const tc = s.trendChange;
  let nearest = Infinity;
  for (const cp of trend.changepoints) if (tc) nearest = Math.min(nearest, Math.abs(cp.index - tc.index));
  const matched = tc !== null && nearest <= TREND_TOLERANCE;
  tcTp += matched ? 1 : 0;
  tcFp += trend.changepoints.length - (matched ? 1 : 0);
  if (tc) {
    tcPlanted++;
    if (matched) tcFound++;
    if (Number.isFinite(nearest)) tcError[tc.kind].push(nearest);
  }
});
const medianOf = (xs: number[]): number => {
  const ys = [...xs].sort((a, b) => a - b);
  return ys.length ? ys[ys.length >> 1]! : NaN;
};
const tp = spikeTp + tcTp;
const fp = spikeFp + tcFp;
const found = spikeFound + tcFound;
const planted = spikePlanted + tcPlanted;

// augurs MSTL and Prophet on a sample of the same series (gaps filled by linear interpolation, which they need).
function filled(s: SyntheticSeries): number[] {
  const out = Array.from(s.values);
  for (let i = 0; i < out.length; i++)
    if (Number.isNaN(out[i]!)) out[i] = i > 0 ? out[i - 1]! : (out.find((v) => !Number.isNaN(v)) ?? 0);
  return out;
}
const sample = data.slice(0, MSTL_SAMPLE);
const mstlFits: number[][] = [];
let mstlInside = 0;
let mstlClean = 0;
// Warm MSTL the same way (its first calls instantiate and grow the wasm memory).
for (const s of sample.slice(0, 2)) {
  const model = MSTL.ets([24, 168]);
  model.fit(filled(s));
  model.predictInSample(0.95);
  model.free();
}
t0 = performance.now();
for (const s of sample) {
  const model = MSTL.ets([24, 168]);
  model.fit(filled(s));
  const f = model.predictInSample(0.95);
  mstlFits.push(f.point);
  const mask = cleanMask(s);
  for (let i = 0; i < HOURS; i++)
    if (mask[i]) {
      mstlClean++;
      if (f.intervals && s.values[i]! >= f.intervals.lower[i]! && s.values[i]! <= f.intervals.upper[i]!)
        mstlInside++;
    }
  model.free();
}
const mstlMs = (performance.now() - t0) / sample.length;
let ourMase = 0;
let mstlMase = 0;
let truthMase = 0;
// Distance of each fit to the noise-free expected value (known here): in-sample MASE rewards a fit that
// follows the noise, this does not.
let ourTruth = 0;
let mstlTruth = 0;
const toTruth = (s: SyntheticSeries, yhat: ArrayLike<number>, mask: Uint8Array): number => {
  let sum = 0;
  let c = 0;
  for (let i = 0; i < HOURS; i++)
    if (mask[i]) {
      sum += Math.abs(s.truth[i]! - yhat[i]!);
      c++;
    }
  return sum / c;
};
sample.forEach((s, k) => {
  const mask = cleanMask(s);
  const scale = seasonalScale(s);
  ourMase += mae(s, outputs[k]!.range.yhat, mask) / scale;
  mstlMase += mae(s, mstlFits[k]!, mask) / scale;
  truthMase += mae(s, s.truth, mask) / scale;
  ourTruth += toTruth(s, outputs[k]!.range.yhat, mask) / scale;
  mstlTruth += toTruth(s, mstlFits[k]!, mask) / scale;
});
ourMase /= sample.length;
mstlMase /= sample.length;
truthMase /= sample.length;
ourTruth /= sample.length;
mstlTruth /= sample.length;

t0 = performance.now();
for (const s of data.slice(0, PROPHET_SAMPLE)) {
  const ds = Array.from({ length: HOURS }, (_, i) => s.start / 1000 + i * 3600);
  const p = new Prophet({ optimizer });
  p.fit({ ds, y: filled(s) });
  p.predict();
}
const prophetMs = (performance.now() - t0) / PROPHET_SAMPLE;

// Root cause: the top-1 detail must be the value that carries the change.
let rcHit = 0;
for (let c = 0; c < CUBES; c++) {
  const cube = makeCube(5000 + c);
  const rc = rootCause({
    dimensions: cube.dimensions.map((d) => ({
      dim_name: d.name,
      values: d.values.map((v) => ({ dim_val: v.value, current: v.current, expected: v.expected })),
    })),
  });
  const top = rc.rootcause_data[0]?.rootcause_details[0];
  if (top && top.dim_name === cube.answer.dim && top.dim_val === cube.answer.value) rcHit++;
}

const precision = tp / Math.max(1, tp + fp);
const recall = found / Math.max(1, planted);
const coverage = inside / cleanCount;
const lines = [
  `bench:detect — ${SERIES} synthetic hourly series × ${HOURS} points, seeds 1000..${999 + SERIES}, one core`,
  `ours (range + spikes + trend change): ${fmt(oursMs, 2)} ms/series → ${fmt(oursRate, 0)} series/s/core (from raw points: ${fmt(rawMs, 2)} ms/series; first pass in a fresh process, JIT compiling: ${fmt(coldMs, 2)} ms/series)`,
  `augurs MSTL [24,168] 95% in-sample (${sample.length} series): ${fmt(mstlMs, 1)} ms/series → ${fmt(1000 / mstlMs, 2)} series/s/core; ours is ${fmt(mstlMs / oursMs, 0)}× faster`,
  `augurs Prophet wasmstan (${PROPHET_SAMPLE} series): ${fmt(prophetMs, 0)} ms/series → ${fmt(1000 / prophetMs, 2)} series/s/core; ours is ${fmt(prophetMs / oursMs, 0)}× faster`,
  `coverage of our 95% band on clean points: ${fmt(coverage * 100, 2)}% (MSTL's 95%: ${fmt((mstlInside / mstlClean) * 100, 2)}%); on held-out clean points (every 10th left out of the fit): ${fmt((heldInside / heldCount) * 100, 2)}%`,
  `MASE (in-sample, clean points, seasonal-naive scale, ${sample.length} series): ours ${fmt(ourMase, 4)} vs MSTL ${fmt(mstlMase, 4)} → ratio ${fmt(ourMase / mstlMase, 3)} (the noise-free truth itself scores ${fmt(truthMase, 4)})`,
  `error to the noise-free truth (same points and scale): ours ${fmt(ourTruth, 4)} vs MSTL ${fmt(mstlTruth, 4)}`,
  `planted anomalies (one-to-one): precision ${fmt(precision, 3)} recall ${fmt(recall, 3)} (spikes ${spikeTp}/${spikeTp + spikeFp} found ${spikeFound}/${spikePlanted}; trend changes ±${TREND_TOLERANCE} h ${tcTp}/${tcTp + tcFp} found ${tcFound}/${tcPlanted}; median dating error: level ${medianOf(tcError.level)} h, slope ${medianOf(tcError.slope)} h)`,
  `root cause top-1 accuracy: ${fmt((rcHit / CUBES) * 100, 1)}% (${rcHit}/${CUBES} cubes)`,
  `targets: ≥500 series/s/core ${oursRate >= 500 ? 'met' : 'NOT met'}; ≥30× MSTL ${mstlMs / oursMs >= 30 ? 'met' : 'NOT met'}; coverage 93–97% ${coverage >= 0.93 && coverage <= 0.97 ? 'met' : 'NOT met'}; error ≤1.1× MSTL ${ourMase <= 1.1 * mstlMase ? 'met' : 'NOT met'}; precision/recall ≥0.9 ${precision >= 0.9 && recall >= 0.9 ? 'met' : 'NOT met'}; root cause ≥95% ${rcHit / CUBES >= 0.95 ? 'met' : 'NOT met'}`,
];
console.log(lines.join('\n'));
