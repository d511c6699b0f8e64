import { describe, expect, it } from 'vitest';
import {
  addInTimezone,
  DATE_FORMATS,
  formatDate,
  rangeNeedsYear,
  safeTimezone,
  startOfInTimezone,
  withYear,
  formatShownDate,
  shownDateFormat,
  spanOf,
  zoneOffsetMinutes,
} from './date';

const TS = Date.UTC(2024, 2, 12, 14, 5); // Tue 12 Mar 2024 14:05 UTC

describe('date formatting in a time zone', () => {
  it.each([
    [undefined, DATE_FORMATS.dateTime, 'Tue, 12 Mar, 02:05 PM UTC'],
    ['America/New_York', DATE_FORMATS.dateTime, 'Tue, 12 Mar, 10:05 AM EDT'],
    ['Asia/Kolkata', DATE_FORMATS.day, 'Tue 12 Mar'],
    ['Etc/UTC', DATE_FORMATS.date, '12 Mar, 2024'],
    ['Not/AZone', DATE_FORMATS.hour, '2 PM'],
  ])('formats in %s with %s as %s', (tz, format, expected) => {
    expect(formatDate(TS, { tz, format })).toBe(expected);
  });

  it('falls back to UTC for an unknown zone and a dash for an invalid date', () => {
    expect(safeTimezone('Nowhere/Land')).toBe('Etc/UTC');
    expect(formatDate(NaN)).toBe('–');
    expect(formatDate('not a date')).toBe('–');
  });

  it('finds the start of the local day and keeps wall time across a DST change', () => {
    expect(startOfInTimezone(TS, 'day', 'America/New_York')).toBe(Date.UTC(2024, 2, 12, 4));
    const beforeDst = Date.UTC(2024, 2, 9, 17); // Sat noon in New York (EST)
    expect(
      formatDate(addInTimezone(beforeDst, 1, 'day', 'America/New_York'), {
        tz: 'America/New_York',
        format: 'HH:mm',
      }),
    ).toBe('12:00');
  });
});

describe('zoneOffsetMinutes', () => {
  it('follows daylight saving, and a bad zone reads as UTC', () => {
    expect(zoneOffsetMinutes(Date.UTC(2026, 0, 15), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 15), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 15), 'Asia/Kolkata')).toBe(330);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 15), 'Nowhere/Land')).toBe(0);
  });

  it('asks for the year when a range spans two calendar years or is not the current year', () => {
    const now = Date.UTC(2026, 10, 28);
    expect(rangeNeedsYear(Date.UTC(2026, 1, 1), Date.UTC(2026, 10, 1), { now })).toBe(false);
    expect(rangeNeedsYear(Date.UTC(2025, 11, 1), Date.UTC(2026, 0, 31), { now })).toBe(true);
    expect(rangeNeedsYear(Date.UTC(2024, 2, 1), Date.UTC(2024, 5, 1), { now })).toBe(true);
    // New Year's Eve 23:00 UTC is already next year in Kolkata.
    expect(rangeNeedsYear(Date.UTC(2025, 11, 31, 23), now, { now, tz: 'Asia/Kolkata' })).toBe(false);
    expect(rangeNeedsYear(Date.UTC(2025, 11, 31, 23), now, { now })).toBe(true);
    expect(rangeNeedsYear(null, now, { now })).toBe(false);
  });

  it('puts the year after the month of a day format, once', () => {
    expect(withYear('D MMM')).toBe('D MMM YYYY');
    expect(withYear('DD MMM hh:mm A')).toBe('DD MMM YYYY hh:mm A');
    expect(withYear(DATE_FORMATS.dateTime)).toBe('ddd, DD MMM YYYY, hh:mm A z');
    expect(withYear('MMM YYYY')).toBe('MMM YYYY');
    expect(withYear('D MMM', false)).toBe('D MMM');
    expect(formatDate(TS, { format: withYear('D MMM') })).toBe('12 Mar 2024');
  });

  it('shows a date short in the current year and with its year otherwise, as the dates beside it need', () => {
    const now = Date.UTC(2026, 10, 28);
    const oct3 = Date.UTC(2026, 9, 3, 12);
    expect(formatShownDate(oct3, { now })).toBe('3 Oct');
    expect(formatShownDate(Date.UTC(2018, 9, 3, 12), { now })).toBe('3 Oct 2018');
    // A card among dates from last December carries the year, like them.
    expect(formatShownDate(oct3, { now, among: [Date.UTC(2025, 11, 20), oct3] })).toBe('3 Oct 2026');
    expect(formatShownDate(oct3, { now, among: [Date.UTC(2026, 0, 2), null, 'not a date'] })).toBe('3 Oct');
    expect(formatShownDate(oct3, { now, format: DATE_FORMATS.dateTime })).toBe('Sat, 03 Oct, 12:00 PM UTC');
    expect(formatShownDate(Date.UTC(2025, 9, 3, 12), { now, format: DATE_FORMATS.dateTime })).toBe(
      'Fri, 03 Oct 2025, 12:00 PM UTC',
    );
    expect(formatShownDate(null, { now })).toBe('–');
    expect(shownDateFormat({ now, format: 'D MMM, ha' }, [Date.UTC(2026, 0, 1), oct3])).toBe('D MMM, ha');
    expect(shownDateFormat({ now, tz: 'America/New_York' }, [Date.UTC(2026, 0, 1, 3)])).toBe('D MMM YYYY');
    expect(spanOf([3, null, 1, 2])).toEqual([1, 3]);
  });
});
