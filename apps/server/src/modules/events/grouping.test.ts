import { describe, expect, it } from 'vitest';
import { EVENT_IMPACT_MIN_SESSIONS } from '@tidemark/contract';
import { HOUR_MS, dollarImpact, episodesOf, impactSection, severityOf, skewTest } from './grouping';

const T0 = Date.UTC(2026, 10, 20);
const grid = Array.from({ length: 48 }, (_, i) => T0 + i * HOUR_MS);
const series = (f: (i: number) => number) => Float64Array.from(grid, (_, i) => f(i));

describe('grouping stages', () => {
  it('finds a new error after a baseline, and no episode for an error there from the start at a steady rate', () => {
    const pageviews = series(() => 400);
    const fresh = episodesOf({
      grid,
      pageviews,
      errors: series((i) => (i >= 30 && i < 33 ? 20 : 0)),
      firstDataHour: T0,
      seenBefore: false,
    });
    expect(fresh).toEqual([{ startHour: grid[30], endHour: grid[32], trigger: 'new' }]);
    const steady = episodesOf({
      grid,
      pageviews,
      errors: series((i) => 4 + (i % 3)),
      firstDataHour: T0,
      seenBefore: false,
    });
    expect(steady).toEqual([]);
  });

  it('finds hours above the expected rate of an error that was always there', () => {
    const episodes = episodesOf({
      grid,
      pageviews: series(() => 400),
      errors: series((i) => (i >= 20 && i < 23 ? 200 : 4 + (i % 2))),
      firstDataHour: T0,
      seenBefore: true,
    });
    expect(episodes).toEqual([{ startHour: grid[20], endHour: grid[22], trigger: 'rate' }]);
  });

  it('prices lost revenue from the conversion gap, never below zero, and not below the minimum of sessions', () => {
    const priced = dollarImpact({
      affectedSessions: 100,
      affectedConversions: 2,
      comparableSessions: 1000,
      comparableConversions: 100,
      averageOrderValue: 50,
    });
    expect(priced.value).toBe(100 * (0.1 - 0.02) * 50);
    expect(priced.basis).toMatchObject({
      quantified: true,
      affected_conversion_rate: 0.02,
      comparable_conversion_rate: 0.1,
    });
    const better = dollarImpact({
      affectedSessions: 100,
      affectedConversions: 30,
      comparableSessions: 1000,
      comparableConversions: 100,
      averageOrderValue: 50,
    });
    expect(better.value).toBe(0);
    const few = dollarImpact({
      affectedSessions: EVENT_IMPACT_MIN_SESSIONS - 1,
      affectedConversions: 0,
      comparableSessions: 1000,
      comparableConversions: 100,
      averageOrderValue: 50,
    });
    expect(few.value).toBeNull();
    expect(few.basis.quantified).toBe(false);
  });

  it('weighs severity up on cart and checkout pages', () => {
    expect(severityOf(3, 1000, 0)).toBe('Low');
    expect(severityOf(3, 1000, 1)).toBe('Medium');
    expect(severityOf(8, 1000, 1)).toBe('High');
  });

  it('shows the top 5 plus Others only when there are more than 6 items', () => {
    const six = impactSection(
      'page',
      'Page',
      new Map(Array.from({ length: 6 }, (_, i) => [`p${i}`, 10 - i])),
    );
    expect(six.items).toHaveLength(6);
    const seven = impactSection(
      'page',
      'Page',
      new Map(Array.from({ length: 7 }, (_, i) => [`p${i}`, 10 - i])),
    );
    expect(seven.items.map((x) => x.name)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'Others']);
    expect(seven.items[5]!.count).toBe(5 + 4);
    expect(seven.total_count).toBe(10 + 9 + 8 + 7 + 6 + 5 + 4);
  });

  it('calls a browser the primary driver only when significant and dominant', () => {
    const views = new Map([
      ['Chrome', 6000],
      ['Mobile Safari', 2500],
      ['Firefox', 1500],
    ]);
    const skewed = skewTest(
      'browser',
      new Map([
        ['Mobile Safari', 80],
        ['Chrome', 3],
      ]),
      views,
    );
    expect(skewed).toMatchObject({ significant: true, top_value: 'Mobile Safari' });
    const even = skewTest(
      'browser',
      new Map([
        ['Chrome', 60],
        ['Mobile Safari', 26],
        ['Firefox', 14],
      ]),
      views,
    );
    expect(even.significant).toBe(false);
  });
});
