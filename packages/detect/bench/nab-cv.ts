// Generality checks for the NAB defaults: per-file breakdown, held-out halves, leave-one-category-out,
// and a bounded coordinate search that fits on one part of the corpus and reports the other.
//   npx tsx packages/detect/bench/nab-cv.ts --data <dir> --windows <file> [--params '<json>'] [--files] [--search A|B|all --budget <s>]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NAB_PROFILES, parseNabCsv, parseWindows, scoreAtThreshold, scoreNab } from '../src/nab/index';
import type { NabFile } from '../src/nab/index';
import { DEFAULT_PARAMS } from '../src/stream/index';
import type { StreamParams } from '../src/stream/index';
import { detectFile, loadCorpus, toNabFiles } from './nab';
import type { CorpusFile } from './nab';

const HALF_A = ['artificialNoAnomaly', 'artificialWithAnomaly', 'realKnownCause'];
const HALF_B = ['realAdExchange', 'realTraffic'];
const category = (key: string) => key.split('/')[0] ?? '';

type Params = Partial<StreamParams>;

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

const standard = (files: NabFile[]) => scoreNab(files, NAB_PROFILES.standard).normalised;
const pick = (files: NabFile[], cats: readonly string[]) =>
  files.filter((f) => cats.includes(category(f.name)));

/** Standard score on A, on B, on all, and with each category left out of the sweep (its own threshold). */
export function summary(files: NabFile[]): Record<string, number> {
  const cats = [...new Set(files.map((f) => category(f.name)))];
  const out: Record<string, number> = {
    all: standard(files),
    A: standard(pick(files, HALF_A)),
    B: standard(pick(files, HALF_B)),
  };
  for (const c of cats) out[c] = standard(pick(files, [c]));
  return out;
}

function run(corpus: CorpusFile[], windows: Map<string, [string, string][]>, params: Params): NabFile[] {
  return toNabFiles(
    corpus,
    corpus.map((f) => detectFile(f, params)),
    windows,
  );
}

/** A published detector's outputs, `<dir>/<category>/<name>_<file>.csv`, to compare per file. */
function loadReference(
  corpus: CorpusFile[],
  windows: Map<string, [string, string][]>,
  dir: string,
): NabFile[] {
  const name = path.basename(dir);
  return corpus.map((f) => {
    const [cat = '', file = ''] = f.key.split('/');
    const { timestamps, values } = parseNabCsv(
      readFileSync(path.join(dir, cat, `${name}_${file}`), 'utf8'),
      'anomaly_score',
    );
    return { name: f.key, timestamps, scores: values, windows: windows.get(f.key) ?? [] };
  });
}

function perFile(files: NabFile[]): void {
  const all = scoreNab(files, NAB_PROFILES.standard);
  console.log(`threshold ${all.threshold.toFixed(4)}`);
  for (const f of files) {
    const r = scoreAtThreshold([f], NAB_PROFILES.standard, all.threshold);
    // Where the first detection of each window falls, as a fraction of the window (0 = its start).
    const index = new Map(f.timestamps.map((t, i) => [t, i]));
    const pos = f.windows.map(([s, e]) => {
      const l = index.get(s.split('.')[0] ?? '') ?? 0;
      const rr = index.get(e.split('.')[0] ?? '') ?? 0;
      for (let i = l; i <= rr; i++)
        if ((f.scores[i] ?? 0) >= all.threshold) return ((i - l) / (rr - l + 1)).toFixed(2);
      return '-';
    });
    console.log(
      `${f.name.padEnd(60)} win=${r.windows} tp=${r.tp} fp=${r.fp} score=${r.score.toFixed(3)} first=[${pos.join(' ')}]`,
    );
  }
}

function main(argv: string[]): void {
  const data = arg(argv, 'data');
  const windowsFile = arg(argv, 'windows');
  if (!data || !windowsFile)
    throw new Error(
      'usage: --data <dir> --windows <file> [--params json] [--files] [--search A|B|all --budget s]',
    );
  const corpus = loadCorpus(data);
  const windows = parseWindows(readFileSync(windowsFile, 'utf8'));
  const base: Params = JSON.parse(arg(argv, 'params') ?? '{}') as Params;
  const ref = arg(argv, 'reference');
  const files = ref ? loadReference(corpus, windows, ref) : run(corpus, windows, base);
  if (argv.includes('--files')) perFile(files);
  const s = summary(files);
  console.log(
    Object.entries(s)
      .map(([k, v]) => `${k}=${v.toFixed(2)}`)
      .join(' '),
  );
  const r = scoreNab(files, NAB_PROFILES.standard);
  console.log(`tp=${r.tp} fn=${r.fn} fp=${r.fp} threshold=${r.threshold.toFixed(4)}`);
  const grid = arg(argv, 'grid');
  if (grid)
    runGrid(
      corpus,
      windows,
      base,
      JSON.parse(grid) as Record<string, unknown[]>,
      Number(arg(argv, 'budget') ?? '300'),
    );
  const fit = arg(argv, 'search');
  if (fit) search(corpus, windows, base, fit, Number(arg(argv, 'budget') ?? '300'));
}

/** Every combination of the listed values, within a wall-time budget; one line per combination. */
function runGrid(
  corpus: CorpusFile[],
  windows: Map<string, [string, string][]>,
  base: Params,
  grid: Record<string, unknown[]>,
  budget: number,
): void {
  const started = Date.now();
  let combos: Params[] = [{ ...base }];
  for (const [k, vs] of Object.entries(grid))
    combos = combos.flatMap((c) => vs.map((v) => ({ ...c, [k]: v })));
  const results: { params: Params; files: NabFile[] }[] = [];
  for (const c of combos) {
    if ((Date.now() - started) / 1000 > budget) break;
    const files = run(corpus, windows, c);
    results.push({ params: c, files });
    const r = scoreNab(files, NAB_PROFILES.standard);
    const sm = summary(files);
    const shown = Object.fromEntries(Object.keys(grid).map((k) => [k, (c as Record<string, unknown>)[k]]));
    console.log(
      `${JSON.stringify(shown)} all=${sm.all?.toFixed(2)} A=${sm.A?.toFixed(2)} B=${sm.B?.toFixed(2)} tp=${r.tp} fp=${r.fp}`,
    );
  }
  heldOut(results, Object.keys(grid));
}

/**
 * Selection on one part, score on the rest: for each held-out part, the grid point that scores best on the
 * other categories, and what it then scores on the held-out part (its own threshold sweep, as NAB would do).
 */
function heldOut(results: { params: Params; files: NabFile[] }[], keys: string[]): void {
  if (results.length === 0) return;
  const cats = [...new Set((results[0]?.files ?? []).map((f) => category(f.name)))];
  const parts: [string, string[]][] = [
    ['B (fit on A)', HALF_B],
    ['A (fit on B)', HALF_A],
    ...cats.filter((c) => c !== 'artificialNoAnomaly').map((c): [string, string[]] => [c, [c]]),
  ];
  const shown = (p: Params) =>
    JSON.stringify(Object.fromEntries(keys.map((k) => [k, (p as Record<string, unknown>)[k]])));
  for (const [label, test] of parts) {
    const train = (f: NabFile) => !test.includes(category(f.name));
    let best = results[0];
    let bestFit = -Infinity;
    for (const r of results) {
      const fit = standard(r.files.filter(train));
      if (fit > bestFit) {
        bestFit = fit;
        best = r;
      }
    }
    if (best === undefined) continue;
    const held = standard(best.files.filter((f) => !train(f)));
    const first = standard((results[0]?.files ?? []).filter((f) => !train(f)));
    console.log(
      `held-out ${label}: ${held.toFixed(2)} (first grid point ${first.toFixed(2)}; fit ${bestFit.toFixed(2)} with ${shown(best.params)})`,
    );
  }
}

/** Numeric knobs the search may move, with the multiplicative steps it tries. */
const KNOBS: (keyof StreamParams)[] = (process.env.KNOBS ?? '')
  .split(',')
  .filter(Boolean) as (keyof StreamParams)[];

function search(
  corpus: CorpusFile[],
  windows: Map<string, [string, string][]>,
  base: Params,
  fit: string,
  budget: number,
): void {
  const started = Date.now();
  const fitCats = fit === 'A' ? HALF_A : fit === 'B' ? HALF_B : [...HALF_A, ...HALF_B];
  const evalParams = (p: Params) => {
    const files = run(corpus, windows, p);
    return { fit: standard(pick(files, fitCats)), s: summary(files) };
  };
  let best = { ...base };
  let bestScore = evalParams(best).fit;
  const steps = [0.5, 0.7, 1.4, 2];
  let improved = true;
  while (improved && (Date.now() - started) / 1000 < budget) {
    improved = false;
    for (const knob of KNOBS) {
      for (const m of steps) {
        if ((Date.now() - started) / 1000 > budget) break;
        const cur = (best[knob] ?? DEFAULT_PARAMS[knob]) as number;
        if (typeof cur !== 'number') continue;
        const trial = { ...best, [knob]: cur * m };
        const r = evalParams(trial);
        if (r.fit > bestScore + 0.05) {
          best = trial;
          bestScore = r.fit;
          improved = true;
          console.log(
            `${knob}=${(cur * m).toPrecision(4)} fit=${r.fit.toFixed(2)} ${Object.entries(r.s)
              .map(([k, v]) => `${k}=${v.toFixed(1)}`)
              .join(' ')}`,
          );
        }
      }
    }
  }
  console.log(`best on ${fit}: ${JSON.stringify(best)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  main(process.argv.slice(2));
