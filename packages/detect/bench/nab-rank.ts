// Does the anomaly_score rank the alarms? For every alarm the defaults raise (non-zero score after suppression), the
// features known at that row, how well each separates alarms that open a window from false positives (AUC), and the
// NAB score when the alarms keep their timing but take a feature as their score (one corpus threshold, as NAB sweeps).
//   npx tsx packages/detect/bench/nab-rank.ts --data <dir> --windows <file> [--params '<json>']
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  NAB_PROFILES,
  normaliseTimestamp,
  parseWindows,
  probationaryLength,
  scoreNab,
} from '../src/nab/index';
import type { NabFile } from '../src/nab/index';
import { DEFAULT_PARAMS, createStreamingDetector } from '../src/stream/index';
import type { StreamParams } from '../src/stream/index';
import { loadCorpus, parseTimestamp, valueRange } from './nab';
import type { CorpusFile } from './nab';

const HALF_A = ['artificialNoAnomaly', 'artificialWithAnomaly', 'realKnownCause'];

/** Alarm-time features; each is larger when the alarm should count more. */
const FEATURES = {
  /** The current score, in decades of tail probability. */
  decades: (a: Alarm) => a.decades,
  /** |value − expected| as a fraction of the file's range (NAB's allowed prior knowledge). */
  deviation: (a: Alarm) => a.deviation,
  /** That deviation against the largest one since the probationary period: novel maxima. */
  novelMaximum: (a: Alarm) => a.deviation / Math.max(a.maxDeviation, 1e-9),
  /** Decades against the strongest score so far in the file. */
  novelScore: (a: Alarm) => a.decades / Math.max(a.maxDecades, 1e-9),
  /** The value leaves the range seen so far. */
  newExtreme: (a: Alarm) => (a.newExtreme ? 1 : 0),
  /** Fewer earlier alarms in the file. */
  firstAlarms: (a: Alarm) => 1 / (1 + a.earlierAlarms),
} satisfies Record<string, (a: Alarm) => number>;

interface Alarm {
  file: number;
  row: number;
  /** 'tp': first alarm in its window; 'late': a later one in the same window; 'fp': outside every window. */
  label: 'tp' | 'late' | 'fp';
  /** Index of the window the alarm falls in, −1 outside every window. */
  window: number;
  decades: number;
  deviation: number;
  maxDeviation: number;
  maxDecades: number;
  newExtreme: boolean;
  earlierAlarms: number;
}

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

function alarmsOf(
  file: CorpusFile,
  fileIndex: number,
  windows: readonly (readonly [string, string])[],
  params: Partial<StreamParams>,
): Alarm[] {
  const range = valueRange(file.values);
  const span = range && range.max > range.min ? range.max - range.min : 1;
  const warmup = probationaryLength(file.values.length);
  const opts = { warmup, ...(range ? { range } : {}) };
  const alarmsOn = createStreamingDetector({ ...opts, params });
  // Unsuppressed and unclamped: the same evidence, read in decades.
  const decadesOf = createStreamingDetector({
    ...opts,
    params: { ...params, quietFactor: 1, scoreDecades: 1000 },
  });
  const index = new Map(file.timestamps.map((t, i) => [t, i]));
  const spans = windows.map(
    ([s, e]) => [index.get(normaliseTimestamp(s)) ?? -1, index.get(normaliseTimestamp(e)) ?? -1] as const,
  );
  const opened = new Set<number>();
  const out: Alarm[] = [];
  let maxDeviation = 0;
  let maxDecades = 0;
  let lo = Infinity;
  let hi = -Infinity;
  file.values.forEach((v, i) => {
    const ts = parseTimestamp(file.timestamps[i] ?? '');
    const alarm = alarmsOn.update(ts, v).anomaly_score > 0;
    const p = decadesOf.update(ts, v);
    const decades = p.anomaly_score * 1000;
    const deviation = p.yhat === null || !Number.isFinite(v) ? 0 : Math.abs(v - p.yhat) / span;
    if (alarm && i >= warmup) {
      const w = spans.findIndex(([l, r]) => i >= l && i <= r);
      const label = w < 0 ? 'fp' : opened.has(w) ? 'late' : 'tp';
      if (w >= 0) opened.add(w);
      out.push({
        file: fileIndex,
        row: i,
        label,
        window: w,
        decades,
        deviation,
        maxDeviation,
        maxDecades,
        newExtreme: v > hi || v < lo,
        earlierAlarms: out.length,
      });
    }
    if (i >= warmup) {
      maxDeviation = Math.max(maxDeviation, deviation);
      maxDecades = Math.max(maxDecades, decades);
    }
    if (Number.isFinite(v)) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  });
  return out;
}

/** Labels again within a subset of the alarms: the first of the subset in each window opens it. */
function relabel(alarms: Alarm[]): Alarm[] {
  const opened = new Set<string>();
  return alarms.map((a) => {
    if (a.window < 0) return a;
    const key = `${a.file}:${a.window}`;
    const label = opened.has(key) ? 'late' : 'tp';
    opened.add(key);
    return { ...a, label };
  });
}

/** P(feature of a window-opening alarm > feature of a false positive), ties counting half. */
function auc(alarms: Alarm[], f: (a: Alarm) => number): number {
  const tp = alarms.filter((a) => a.label === 'tp').map(f);
  const fp = alarms.filter((a) => a.label === 'fp').map(f);
  let c = 0;
  for (const x of tp) for (const y of fp) c += x > y ? 1 : x === y ? 0.5 : 0;
  return tp.length && fp.length ? c / (tp.length * fp.length) : Number.NaN;
}

function main(argv: string[]): void {
  const data = arg(argv, 'data');
  const windowsFile = arg(argv, 'windows');
  if (!data || !windowsFile) throw new Error('usage: --data <dir> --windows <file> [--params json]');
  const params = JSON.parse(arg(argv, 'params') ?? '{}') as Partial<StreamParams>;
  const corpus = loadCorpus(data);
  const windows = parseWindows(readFileSync(windowsFile, 'utf8'));
  const alarms = corpus.flatMap((f, i) => alarmsOf(f, i, windows.get(f.key) ?? [], params));
  const count = (l: Alarm['label']) => alarms.filter((a) => a.label === l).length;
  console.log(
    `${alarms.length} alarms: ${count('tp')} open a window, ${count('late')} later in one, ${count('fp')} false`,
  );
  // Among the alarms that already count at the swept threshold, does a higher score mean a likelier window?
  const current: NabFile[] = corpus.map((c, i) => {
    const scores = new Array<number>(c.values.length).fill(0);
    for (const a of alarms)
      if (a.file === i)
        scores[a.row] = Math.min(1, a.decades / (params.scoreDecades ?? DEFAULT_PARAMS.scoreDecades));
    return { name: c.key, timestamps: c.timestamps, scores, windows: windows.get(c.key) ?? [] };
  });
  const threshold = scoreNab(current, NAB_PROFILES.standard).threshold;
  const counted = relabel(
    alarms.filter(
      (a) => Math.min(1, a.decades / (params.scoreDecades ?? DEFAULT_PARAMS.scoreDecades)) >= threshold,
    ),
  );
  const n = (l: Alarm['label']) => counted.filter((a) => a.label === l).length;
  console.log(
    `at threshold ${threshold.toFixed(4)}: ${n('tp')} open a window, ${n('fp')} false; AUC of the score among them ${auc(counted, FEATURES.decades).toFixed(3)}`,
  );
  for (const [name, f] of Object.entries(FEATURES)) {
    const top = Math.max(...alarms.map(f), 1e-12);
    const files: NabFile[] = corpus.map((c, i) => {
      const scores = new Array<number>(c.values.length).fill(0);
      // A small floor keeps every alarm an alarm; the feature only orders them.
      for (const a of alarms) if (a.file === i) scores[a.row] = 1e-6 + (1 - 1e-6) * Math.max(0, f(a) / top);
      return { name: c.key, timestamps: c.timestamps, scores, windows: windows.get(c.key) ?? [] };
    });
    const inA = (n: NabFile) => HALF_A.includes(n.name.split('/')[0] ?? '');
    const std = (fs: NabFile[]) => scoreNab(fs, NAB_PROFILES.standard).normalised.toFixed(2);
    const lowFp = scoreNab(files, NAB_PROFILES.reward_low_FP_rate).normalised.toFixed(2);
    console.log(
      `${name.padEnd(14)} AUC=${auc(alarms, f).toFixed(3)} standard=${std(files)} low_fp=${lowFp} A=${std(files.filter(inA))} B=${std(files.filter((n) => !inA(n)))}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  main(process.argv.slice(2));
