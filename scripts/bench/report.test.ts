import { describe, expect, it } from 'vitest';
import {
  aggregateLine,
  ingestLine,
  longestStatements,
  oneLine,
  rowsPerSecond,
  splitPhases,
  table,
  thousands,
} from './report';

describe('benchmark report', () => {
  it('prints the ingest line exactly as the issue names it', () => {
    expect(ingestLine({ rowsPerS: 412_345.6, copyRowsPerS: 700_000.4, peakRssMb: 321.5 })).toBe(
      'ingest rows_per_s=412346 copy_rows_per_s=700000 ratio=0.59 peak_rss_mb=322',
    );
    expect(ingestLine({ rowsPerS: 5, copyRowsPerS: 0, peakRssMb: 1 })).toMatch(/ ratio=0.00 /);
  });

  it('prints the aggregate line with seconds to two decimals', () => {
    expect(aggregateLine({ fullS: 41.236, incrementalS: 3.1 })).toBe(
      'aggregate full_s=41.24 incremental_s=3.10',
    );
    expect(aggregateLine({ fullS: 41.236, incrementalS: 3.1 })).toMatch(
      /^aggregate full_s=\d+\.\d{2} incremental_s=\d+\.\d{2}$/,
    );
  });

  it('computes rates and groups thousands', () => {
    expect(rowsPerSecond(1_000_000, 4)).toBe(250_000);
    expect(rowsPerSecond(10, 0)).toBe(0);
    expect(thousands(5_000_000.4)).toBe('5,000,000');
  });

  it('aligns a table: text to the left, figures to the right', () => {
    expect(
      table([
        ['phase', 'seconds'],
        ['copy', '12.50 s'],
        ['before', '0.20 s'],
      ]),
    ).toBe(['phase   seconds', 'copy    12.50 s', 'before   0.20 s'].join('\n'));
  });

  it('splits a request into before, during and after the COPY by its samples', () => {
    const samples = [
      { at: 1_000, copying: false },
      { at: 1_500, copying: true },
      { at: 2_000, copying: true },
      { at: 9_500, copying: true },
      { at: 9_900, copying: false },
      { at: 20_000, copying: true }, // another request's COPY, after this one ended
    ];
    expect(splitPhases(samples, 1_000, 10_500)).toEqual({ beforeS: 0.5, copyS: 8, afterS: 1 });
    expect(splitPhases([{ at: 5, copying: false }], 0, 2_000)).toEqual({ beforeS: 2, copyS: 0, afterS: 0 });
  });

  it('keeps each statement run once, at the longest it was seen, longest first', () => {
    const q = (pid: number, queryStart: number, seenAt: number, query: string) => ({
      database: 'tidemark',
      pid,
      queryStart,
      seenAt,
      query,
    });
    const top = longestStatements(
      [
        q(1, 0, 1_000, 'insert into series'),
        q(1, 0, 4_000, 'insert into series'),
        q(2, 500, 1_500, 'select 1'),
        q(1, 5_000, 5_200, 'commit'),
      ],
      2,
    );
    expect(top).toEqual([
      { database: 'tidemark', seconds: 4, query: 'insert into series' },
      { database: 'tidemark', seconds: 1, query: 'select 1' },
    ]);
  });

  it('flattens a statement to one line and shortens it', () => {
    expect(oneLine('select\n   1,\n\t2')).toBe('select 1, 2');
    expect(oneLine('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
