import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  formatLocalTimestamp,
  formatOffset,
  hourlyOffsets,
  HOUR_MS,
  localMidnight,
  TimestampWriter,
  weekdayOfDayNumber,
  zoneOffset,
} from './time-zone';

describe('time zone helpers', () => {
  it.each([
    ['America/New_York', '2025-01-15T12:00:00Z', -300],
    ['America/New_York', '2025-07-15T12:00:00Z', -240],
    ['Europe/Berlin', '2025-07-15T12:00:00Z', 120],
    ['Asia/Kolkata', '2025-07-15T12:00:00Z', 330],
    ['Australia/Sydney', '2025-01-15T12:00:00Z', 660],
    ['UTC', '2025-01-15T12:00:00Z', 0],
  ])('knows %s is %d minutes from UTC at %s', (zone, instant, expected) => {
    expect(zoneOffset(zone)(Date.parse(instant))).toBe(expected);
  });

  it('rejects an unknown zone at once', () => {
    expect(() => zoneOffset('Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it.each([
    [Date.parse('2025-11-28T14:15:42Z'), -300, '2025-11-28 09:15:42 -0500'],
    [Date.parse('2025-03-09T07:30:00Z'), -240, '2025-03-09 03:30:00 -0400'],
    [Date.parse('2025-07-01T00:00:00Z'), 330, '2025-07-01 05:30:00 +0530'],
    [Date.parse('2025-12-31T23:59:59Z'), 0, '2025-12-31 23:59:59 +0000'],
  ])('writes %d at offset %d as %s', (utc, offset, expected) => {
    expect(formatLocalTimestamp(utc, offset)).toBe(expected);
    expect(new TimestampWriter().format(utc, offset)).toBe(expected);
  });

  it('writes the same text through the cached writer as through the plain formatter', () => {
    const writer = new TimestampWriter();
    const offsets = [-300, -240, 330, 0, -300];
    for (let i = 0; i < 2000; i++) {
      const utc = Date.parse('2025-03-08T00:00:00Z') + i * 7_919_000;
      const offset = offsets[i % offsets.length] ?? 0;
      expect(writer.format(utc, offset)).toBe(formatLocalTimestamp(utc, offset));
    }
  });

  it.each([
    [-300, '-0500'],
    [330, '+0530'],
    [-570, '-0930'],
    [0, '+0000'],
  ])('writes offset %d as %s', (offset, expected) => {
    expect(formatOffset(offset)).toBe(expected);
  });

  it('finds local midnight on both sides of a DST change', () => {
    const offsetOf = zoneOffset('America/New_York');
    const day = dayNumber({ year: 2025, month: 3, day: 9 });
    expect(new Date(localMidnight(day, offsetOf)).toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(new Date(localMidnight(day + 1, offsetOf)).toISOString()).toBe('2025-03-10T04:00:00.000Z');
  });

  it('starts a day whose midnight does not exist at its first existing hour', () => {
    // Santiago skips from 00:00 to 01:00 when summer time begins (2025-09-07).
    const offsetOf = zoneOffset('America/Santiago');
    const start = localMidnight(dayNumber({ year: 2025, month: 9, day: 7 }), offsetOf);
    expect(formatLocalTimestamp(start, offsetOf(start))).toBe('2025-09-07 01:00:00 -0300');
  });

  it('gives hourly offsets identical to asking at every hour, across DST changes', () => {
    const offsetOf = zoneOffset('Europe/Berlin');
    const start = Date.parse('2025-03-25T00:00:00Z') - 10 * 24 * HOUR_MS;
    const offsets = hourlyOffsets(start, 24 * 230, offsetOf);
    expect(offsets).toHaveLength(24 * 230 + 1);
    expect(offsets).toEqual(offsets.map((_, i) => offsetOf(start + i * HOUR_MS)));
    expect(new Set(offsets)).toEqual(new Set([60, 120]));
  });

  it('counts weekdays from Sunday', () => {
    expect(weekdayOfDayNumber(dayNumber({ year: 2025, month: 11, day: 28 }))).toBe(5);
    expect(weekdayOfDayNumber(dayNumber({ year: 1969, month: 12, day: 28 }))).toBe(0);
  });
});
