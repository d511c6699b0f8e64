// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { localToUtc, roundToStep, utcToLocal, zoneOffsetMinutes } from './report-time';

describe('weekly report time in UTC', () => {
  const winter = new Date('2026-01-15T10:00:00Z');
  const summer = new Date('2026-07-15T10:00:00Z');

  it.each([
    ['Asia/Kolkata', winter, 330],
    ['America/New_York', winter, -300],
    ['America/New_York', summer, -240],
    ['Etc/UTC', summer, 0],
  ])('knows the offset of %s', (zone, at, minutes) => {
    expect(zoneOffsetMinutes(zone, at)).toBe(minutes);
  });

  it.each([
    ['12:00', 'Asia/Kolkata', winter, '06:30'],
    ['02:00', 'Asia/Kolkata', winter, '20:30'],
    ['21:00', 'America/New_York', winter, '02:00'],
    ['12:00', 'Etc/UTC', winter, '12:00'],
  ])('sends %s in %s as UTC', (local, zone, at, utc) => {
    expect(localToUtc(local, zone, at)).toBe(utc);
    expect(utcToLocal(utc, zone, at)).toBe(local);
  });

  it('rounds a typed time to 5-minute steps', () => {
    expect(roundToStep('09:07')).toBe('09:05');
    expect(roundToStep('23:58')).toBe('00:00');
  });
});
