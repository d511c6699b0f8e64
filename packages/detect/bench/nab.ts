// Runs the streaming detector under NAB's rules and scores it:
//   npm run bench:nab -- --data <dir> --out <dir> [--windows <file> --profiles <file>] [--art: the resonance detector alone]
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  parseNabCsv,
  parseProfiles,
  parseWindows,
  probationaryLength,
  scoreNab,
  NAB_PROFILES,
} from '../src/nab/index';
import type { CostMatrix, NabFile, NabProfileName, NabResult } from '../src/nab/index';
import { artUpdate, createArt } from '../src/stream/art';
import { createStreamingDetector } from '../src/stream/index';
import type { StreamParams } from '../src/stream/index';

export interface CorpusFile {
  /** `<category>/<file>.csv` */
  key: string;
  timestamps: string[];
  values: number[];
}

/** Every `<category>/<file>.csv` below `dir`, sorted by key. */
export function loadCorpus(dir: string): CorpusFile[] {
  const out: CorpusFile[] = [];
  for (const category of readdirSync(dir).sort()) {
    const catDir = path.join(dir, category);
    if (!statSync(catDir).isDirectory()) continue;
    for (const file of readdirSync(catDir).sort()) {
      if (!file.endsWith('.csv')) continue;
      const { timestamps, values } = parseNabCsv(readFileSync(path.join(catDir, file), 'utf8'), 'value');
      out.push({ key: `${category}/${file}`, timestamps, values });
    }
  }
  return out;
}

/** NAB timestamps are naive `YYYY-MM-DD HH:MM:SS`; read them as UTC. */
export function parseTimestamp(ts: string): number {
  return Date.parse(`${ts.trim().replace(' ', 'T')}Z`);
}

/** The file's finite min and max: prior knowledge NAB allows, used only to quantise values scale-free. */
export function valueRange(values: readonly number[]): { min: number; max: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : undefined;
}

/** One file from a fresh detector, one row at a time; the only prior knowledge is the probationary length and the value range. */
export function detectFile(file: CorpusFile, params: Partial<StreamParams> = {}): number[] {
  const range = valueRange(file.values);
  const detector = createStreamingDetector({
    warmup: probationaryLength(file.values.length),
    params,
    ...(range ? { range } : {}),
  });
  return file.values.map(
    (v, i) => detector.update(parseTimestamp(file.timestamps[i] ?? ''), v).anomaly_score,
  );
}

/** The resonance detector alone (`--art`), under the same rules: same warm-up and range, every finite row in order. */
export function detectFileArt(file: CorpusFile): number[] {
  const state = createArt(probationaryLength(file.values.length), valueRange(file.values));
  return file.values.map((v) => artUpdate(state, v).score);
}

export function toNabFiles(
  corpus: readonly CorpusFile[],
  scores: readonly number[][],
  windows: Map<string, [string, string][]>,
): NabFile[] {
  return corpus.map((f, i) => ({
    name: f.key,
    timestamps: f.timestamps,
    scores: scores[i] ?? [],
    windows: windows.get(f.key) ?? [],
  }));
}

export function scoreAll(
  files: NabFile[],
  profiles: Record<NabProfileName, CostMatrix> = NAB_PROFILES,
): Record<NabProfileName, NabResult> {
  return {
    standard: scoreNab(files, profiles.standard),
    reward_low_FP_rate: scoreNab(files, profiles.reward_low_FP_rate),
    reward_low_FN_rate: scoreNab(files, profiles.reward_low_FN_rate),
  };
}

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

function main(argv: string[]): void {
  const data = arg(argv, 'data');
  const out = arg(argv, 'out');
  if (!data || !out) {
    console.error(
      'usage: npm run bench:nab -- --data <dir> --out <dir> [--windows <file> --profiles <file>] [--art]',
    );
    process.exitCode = 2;
    return;
  }
  const corpus = loadCorpus(data);
  const rows = corpus.reduce((n, f) => n + f.values.length, 0);
  const started = performance.now();
  const scores = corpus.map((f) => (argv.includes('--art') ? detectFileArt(f) : detectFile(f)));
  const seconds = (performance.now() - started) / 1000;

  for (const [i, f] of corpus.entries()) {
    const [category = '', file = ''] = f.key.split('/');
    const dir = path.join(out, 'tidemark', category);
    mkdirSync(dir, { recursive: true });
    const s = scores[i] ?? [];
    const lines = f.timestamps.map(
      (ts, j) => `${ts},${Number.isFinite(f.values[j]) ? f.values[j] : ''},${s[j] ?? 0}`,
    );
    writeFileSync(path.join(dir, `tidemark_${file}`), `timestamp,value,anomaly_score\n${lines.join('\n')}\n`);
  }
  console.log(
    `${corpus.length} files, ${rows} rows in ${seconds.toFixed(2)} s: ${Math.round(rows / seconds)} rows/s`,
  );

  const windowsFile = arg(argv, 'windows');
  if (!windowsFile) return;
  const profilesFile = arg(argv, 'profiles');
  const profiles = profilesFile ? parseProfiles(readFileSync(profilesFile, 'utf8')) : NAB_PROFILES;
  const windows = parseWindows(readFileSync(windowsFile, 'utf8'));
  const r = scoreAll(toNabFiles(corpus, scores, windows), profiles);
  for (const [name, res] of Object.entries(r)) {
    console.log(
      `${name}: threshold=${res.threshold.toFixed(4)} tp=${res.tp} fn=${res.fn} fp=${res.fp} raw=${res.score.toFixed(3)}`,
    );
  }
  console.log(
    `NAB standard=${r.standard.normalised.toFixed(2)} low_fp=${r.reward_low_FP_rate.normalised.toFixed(2)} low_fn=${r.reward_low_FN_rate.normalised.toFixed(2)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  main(process.argv.slice(2));
