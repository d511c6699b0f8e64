import { describe, expect, it } from 'vitest';
import { peakWindows, peakWindowsBetween, thanksgiving } from './calendar';
import { dayNumber, formatDayNumber, weekdayOfDayNumber } from './time-zone';

describe('holiday calendar', () => {
  it.each([
    [2023, '2023-11-23'],
    [2024, '2024-11-28'],
    [2025, '2025-11-27'],
    [2026, '2026-11-26'],
    [2029, '2029-11-22'],
  ])('puts Thanksgiving %d on the fourth Thursday of November, %s', (year, date) => {
    expect(formatDayNumber(thanksgiving(year))).toBe(date);
    expect(weekdayOfDayNumber(thanksgiving(year))).toBe(4);
  });

  it('places Black Friday on the Friday and Cyber Monday on the Monday after Thanksgiving, at 3–4× a day', () => {
    const windows = peakWindows(2025);
    const byName = new Map(windows.map((w) => [w.name, w.days]));
    const friday = byName.get('Black Friday')?.[0];
    const monday = byName.get('Cyber Monday')?.[0];
    expect(friday && formatDayNumber(friday.day)).toBe('2025-11-28');
    expect(monday && formatDayNumber(monday.day)).toBe('2025-12-01');
    expect(friday?.demand).toBeGreaterThanOrEqual(3);
    expect(monday?.demand).toBeLessThanOrEqual(4);
    expect(byName.get('Thanksgiving')?.[0]?.demand).toBeLessThan(1);
    expect(byName.get('Christmas')?.[0]?.day).toBe(dayNumber({ year: 2025, month: 12, day: 25 }));
    expect(byName.get('New Year')?.[0]?.day).toBe(dayNumber({ year: 2026, month: 1, day: 1 }));
  });

  it('never overlaps two windows and covers every day the season departs from normal', () => {
    const days = peakWindows(2024).flatMap((w) => w.days.map((d) => d.day));
    expect(new Set(days).size).toBe(days.length);
    expect(days).toEqual([...days].sort((a, b) => a - b));
  });

  it('lists the windows of every year a range touches, and only those', () => {
    const names = peakWindowsBetween(
      dayNumber({ year: 2024, month: 12, day: 30 }),
      dayNumber({ year: 2025, month: 1, day: 5 }),
    ).map((w) => w.name);
    expect(names).toEqual(["New Year's Eve", 'New Year']);
  });
});
