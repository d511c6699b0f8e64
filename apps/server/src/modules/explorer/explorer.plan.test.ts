import { EXPLORER_MAX_BUCKETS } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  alignRange,
  bucketCount,
  chooseGrain,
  chooseSource,
  comparisonRange,
  resolveRange,
  scopedFilters,
} from './explorer.plan';

const NOW = Date.parse('2026-05-14T03:30:00Z'); // still 13 May in New York

describe('the explorer plan', () => {
  it('resolves presets on the workspace clock, today included', () => {
    const tz = 'America/New_York';
    expect(resolveRange({ preset: 'last_7_days' }, tz, NOW)).toEqual({
      start: '2026-05-07',
      end: '2026-05-14',
    });
    expect(resolveRange({ preset: 'last_quarter' }, tz, NOW)).toEqual({
      start: '2026-01-01',
      end: '2026-04-01',
    });
    expect(resolveRange({ preset: 'quarter_to_date' }, tz, NOW)).toEqual({
      start: '2026-04-01',
      end: '2026-05-14',
    });
    expect(resolveRange({ preset: 'last_12_months' }, tz, NOW)).toEqual({
      start: '2025-05-14',
      end: '2026-05-14',
    });
    expect(resolveRange({ preset: 'last_7_days' }, 'Asia/Tokyo', NOW)).toEqual({
      start: '2026-05-08',
      end: '2026-05-15',
    });
  });

  it('reads custom dates with their end day included and refuses an end before the start', () => {
    expect(
      resolveRange({ preset: 'custom', start: '2025-01-01', end: '2025-01-31' }, 'Etc/UTC', NOW),
    ).toEqual({
      start: '2025-01-01',
      end: '2025-02-01',
    });
    expect(() =>
      resolveRange({ preset: 'custom', start: '2025-02-01', end: '2025-01-01' }, 'Etc/UTC', NOW),
    ).toThrow(/end of the range/);
    expect(() => resolveRange({ preset: 'custom' }, 'Etc/UTC', NOW)).toThrow();
  });

  it('widens ranges to whole Sunday weeks and whole months', () => {
    // 2025-01-01 is a Wednesday; 2025-01-15 a Wednesday too.
    expect(alignRange({ start: '2025-01-01', end: '2025-01-15' }, 'w')).toEqual({
      start: '2024-12-29',
      end: '2025-01-19',
    });
    expect(alignRange({ start: '2025-01-10', end: '2025-03-01' }, 'm')).toEqual({
      start: '2025-01-01',
      end: '2025-03-01',
    });
    expect(alignRange({ start: '2025-01-10', end: '2025-03-02' }, 'm')).toEqual({
      start: '2025-01-01',
      end: '2025-04-01',
    });
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
  });

  it('keeps a grain whose buckets fit and moves years of hours to days, saying so', () => {
    const week = { start: '2025-01-01', end: '2025-01-08' };
    expect(chooseGrain(week, 'h', { hourly: true })).toEqual({ grain: 'h', range: week, notices: [] });
    const years = { start: '2023-01-01', end: '2025-01-01' };
    expect(bucketCount(years, 'h')).toBeGreaterThan(EXPLORER_MAX_BUCKETS);
    const choice = chooseGrain(years, 'h', { hourly: true });
    expect(choice.grain).toBe('d');
    expect(choice.notices).toEqual([
      '17,544 hourly points are too many to draw at once: shown by day instead.',
    ]);
    const decades = { start: '1980-01-01', end: '2025-01-01' };
    expect(chooseGrain(decades, 'd', { hourly: true }).grain).toBe('m');
  });

  it('shows a table dated by day by day when hours are asked for', () => {
    const choice = chooseGrain({ start: '2025-01-01', end: '2025-01-08' }, 'h', {
      hourly: false,
      dailyOnlyMetric: 'Refunds',
    });
    expect(choice.grain).toBe('d');
    expect(choice.notices).toEqual(['Refunds is dated by day, so it is shown by day.']);
  });

  it('compares with as many buckets one period or 52 weeks before', () => {
    const range = { start: '2025-02-02', end: '2025-03-02' };
    expect(comparisonRange(range, 'd', 'previous_period')).toEqual({
      start: '2025-01-05',
      end: '2025-02-02',
    });
    expect(comparisonRange(range, 'd', 'previous_year')).toEqual({ start: '2024-02-04', end: '2024-03-03' });
    expect(comparisonRange({ start: '2025-01-01', end: '2025-04-01' }, 'm', 'previous_period')).toEqual({
      start: '2024-10-01',
      end: '2025-01-01',
    });
    expect(comparisonRange(range, 'd', 'none')).toBeNull();
  });

  it('pins the scope value and refuses any other value of its dimension', () => {
    const scope = { dimName: 'channel', dimVal: 'Email', dimDisplayName: 'Channel' };
    expect(scopedFilters([{ dim_name: 'country', values: ['US', 'US'] }], scope)).toEqual([
      { dim_name: 'country', values: ['US'] },
      { dim_name: 'channel', values: ['Email'] },
    ]);
    expect(scopedFilters([{ dim_name: 'channel', values: ['Email'] }], scope)).toEqual([
      { dim_name: 'channel', values: ['Email'] },
    ]);
    expect(() => scopedFilters([{ dim_name: 'channel', values: ['Email', 'Direct'] }], scope)).toThrow(
      'This explorer link only reads Channel: Email.',
    );
    // Two filters on one dimension keep the values both allow.
    expect(
      scopedFilters(
        [
          { dim_name: 'country', values: ['US', 'DE'] },
          { dim_name: 'country', values: ['DE', 'GB'] },
        ],
        null,
      ),
    ).toEqual([{ dim_name: 'country', values: ['DE'] }]);
  });

  it.each([
    [[], [], { kind: 'series', dimName: '', dimVals: null }],
    [
      [],
      [{ dim_name: 'channel', values: ['Email'] }],
      { kind: 'series', dimName: 'channel', dimVals: ['Email'] },
    ],
    [[], [{ dim_name: 'channel', values: ['Email', 'Direct'] }], { kind: 'warehouse' }],
    [['channel'], [], { kind: 'series', dimName: 'channel', dimVals: null }],
    [
      ['channel'],
      [{ dim_name: 'channel', values: ['Email'] }],
      { kind: 'series', dimName: 'channel', dimVals: ['Email'] },
    ],
    [['channel'], [{ dim_name: 'country', values: ['US'] }], { kind: 'warehouse' }],
    [['channel', 'country'], [], { kind: 'warehouse' }],
  ])('answers split %j filtered %j from %j', (split, filters, want) => {
    expect(chooseSource(split, filters)).toEqual(want);
  });
});
