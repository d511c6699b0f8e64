import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseSettings } from './settings';

describe('parseSettings', () => {
  it('uses five million rows, seed 1, the local postgres and bench-out when nothing is set', () => {
    expect(parseSettings({}, '/repo')).toEqual({
      rows: 5_000_000,
      seed: 1,
      pgUrl: DEFAULTS.pgUrl,
      outDir: path.resolve('/repo/bench-out'),
    });
  });

  it.each([
    ['200000', 200_000],
    ['200_000', 200_000],
    ['5,000,000', 5_000_000],
    [' 42 ', 42],
    ['', 5_000_000],
  ])('reads BENCH_ROWS=%j as %d', (raw, rows) => {
    expect(parseSettings({ BENCH_ROWS: raw }, '/repo').rows).toBe(rows);
  });

  it.each(['0', '-5', '1.5', 'lots', '1e400'])('refuses BENCH_ROWS=%j with the variable named', (raw) => {
    expect(() => parseSettings({ BENCH_ROWS: raw }, '/repo')).toThrow(/BENCH_ROWS must be a positive/);
  });

  it('takes the seed, the database URL and an output folder relative to the repository', () => {
    const settings = parseSettings(
      { BENCH_SEED: '7', BENCH_PG_URL: 'postgresql://u@db:5433/x', BENCH_OUT_DIR: 'tmp/b' },
      '/repo',
    );
    expect(settings).toMatchObject({ seed: 7, pgUrl: 'postgresql://u@db:5433/x', outDir: '/repo/tmp/b' });
  });

  it('refuses a database URL that is not postgres', () => {
    expect(() => parseSettings({ BENCH_PG_URL: 'mysql://root@localhost/x' }, '/repo')).toThrow(
      /BENCH_PG_URL must be a postgres/,
    );
  });
});
