import { describe, expect, it } from 'vitest';
import { holidayBuckets, retailHolidays } from './holidays';

describe('the retail calendar', () => {
  it('finds Thanksgiving on the fourth Thursday of November and its week around it, in local days', () => {
    const days = retailHolidays(Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 10), 'America/New_York');
    const byName = (name: string) =>
      days.filter((d) => d.name === name).map((d) => new Date(d.start).toISOString());
    expect(byName('Thanksgiving')).toEqual(['2025-11-27T05:00:00.000Z']);
    expect(byName('Black Friday')).toEqual(['2025-11-28T05:00:00.000Z']);
    expect(byName('Cyber Monday')).toEqual(['2025-12-01T05:00:00.000Z']);
    expect(byName('Cyber week')).toEqual(['2025-12-02T05:00:00.000Z', '2025-12-03T05:00:00.000Z']);
    expect(byName('New Year')).toEqual(['2025-01-01T05:00:00.000Z', '2026-01-01T05:00:00.000Z']);
    // 2024: Thanksgiving on 28 November; a day is 24 local hours, also in Tokyo.
    const tokyo = retailHolidays(Date.UTC(2024, 10, 1), Date.UTC(2024, 11, 1), 'Asia/Tokyo');
    const thanksgiving = tokyo.find((d) => d.name === 'Thanksgiving')!;
    expect(new Date(thanksgiving.start).toISOString()).toBe('2024-11-27T15:00:00.000Z');
    expect(thanksgiving.end - thanksgiving.start).toBe(86_400_000);
  });

  it('marks the buckets of a series that start inside one', () => {
    const holidays = retailHolidays(Date.UTC(2025, 11, 20), Date.UTC(2025, 11, 30), 'Etc/UTC');
    const hours = Array.from({ length: 72 }, (_, i) => Date.UTC(2025, 11, 23) + i * 3_600_000);
    const marked = holidayBuckets(hours, holidays);
    expect(marked).toHaveLength(48);
    expect(new Date(marked[0]!).toISOString()).toBe('2025-12-24T00:00:00.000Z');
  });
});
