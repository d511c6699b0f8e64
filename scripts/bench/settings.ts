import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchSettings {
  /** Orders in the generated file. */
  rows: number;
  /** Seed of the generator: the same seed and rows give the same bytes. */
  seed: number;
  /** The machine PostgreSQL that holds the aggregate benchmark's throwaway source database. */
  pgUrl: string;
  /** Where generated files are cached (git-ignored). */
  outDir: string;
}

export const DEFAULTS = {
  rows: 5_000_000,
  seed: 1,
  pgUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
} as const;

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  // Underscores and commas let a person write 5_000_000 or 5,000,000.
  const value = Number(raw.trim().replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, not "${raw}"`);
  }
  return value;
}

/** Reads BENCH_ROWS, BENCH_SEED, BENCH_PG_URL and BENCH_OUT_DIR once; nothing else reads the environment. */
export function parseSettings(env: NodeJS.ProcessEnv, root = repoRoot): BenchSettings {
  const pgUrl = env.BENCH_PG_URL?.trim() || DEFAULTS.pgUrl;
  if (!/^postgres(ql)?:\/\//.test(pgUrl)) {
    throw new Error(`BENCH_PG_URL must be a postgres:// URL, not "${pgUrl}"`);
  }
  return {
    rows: positiveInteger('BENCH_ROWS', env.BENCH_ROWS, DEFAULTS.rows),
    seed: positiveInteger('BENCH_SEED', env.BENCH_SEED, DEFAULTS.seed),
    pgUrl,
    outDir: path.resolve(root, env.BENCH_OUT_DIR?.trim() || 'bench-out'),
  };
}
