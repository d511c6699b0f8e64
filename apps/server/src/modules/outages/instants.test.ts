import { describe, expect, it } from 'vitest';
import { parseInstant, zoneOffsetMinutes } from './instants';

const NOW = Date.UTC(2026, 0, 2);

describe('reading status page times in the page’s own zone', () => {
  it.each([
    ['an RFC 822 date in PST (AWS)', 'Thu, 23 Dec 2021 10:30:00 PST', '2021-12-23T18:30:00.000Z'],
    ['an RFC 822 date in PDT', 'Mon, 05 Jul 2021 10:30:00 PDT', '2021-07-05T17:30:00.000Z'],
    ['an RFC 822 date with +0100', 'Tue, 23 Dec 2025 10:30:00 +0100', '2025-12-23T09:30:00.000Z'],
    ['an RFC 822 date with -05:30', 'Tue, 23 Dec 2025 10:30:00 -05:30', '2025-12-23T16:00:00.000Z'],
    ['an RFC 822 date in CET', 'Tue, 23 Dec 2025 10:30:00 CET', '2025-12-23T09:30:00.000Z'],
    ['an RFC 822 date in CEST', 'Tue, 15 Jul 2025 14:20:00 CEST', '2025-07-15T12:20:00.000Z'],
    ['an RFC 822 date in AEDT', 'Wed, 24 Dec 2025 09:15:00 AEDT', '2025-12-23T22:15:00.000Z'],
    ['an RFC 822 date in EST without a weekday', '22 Dec 2025 08:05 EST', '2025-12-22T13:05:00.000Z'],
    ['an RFC 822 date in UTC', 'Tue, 23 Dec 2025 10:30:00 UTC', '2025-12-23T10:30:00.000Z'],
    ['a year-less Statuspage line in CET', 'Dec 23, 10:30 CET', '2025-12-23T09:30:00.000Z'],
    ['a year-less Statuspage line in AEDT', 'Dec 23, 10:30 AEDT', '2025-12-22T23:30:00.000Z'],
    ['a Statuspage line with its year', 'Dec 23, 2025 - 10:30 PST', '2025-12-23T18:30:00.000Z'],
    ['ISO 8601 with a basic offset', '2025-12-23T10:30:00+0530', '2025-12-23T05:00:00.000Z'],
  ])('reads %s', (_name, text, expected) => {
    expect(parseInstant(text, NOW, 2025)?.toISOString()).toBe(expected);
  });

  it('knows zone words and offsets, and nothing else', () => {
    expect(zoneOffsetMinutes('CEST')).toBe(120);
    expect(zoneOffsetMinutes('aedt')).toBe(660);
    expect(zoneOffsetMinutes('+0530')).toBe(330);
    expect(zoneOffsetMinutes('UTC-3')).toBe(-180);
    expect(zoneOffsetMinutes('XYZ')).toBeNull();
    expect(zoneOffsetMinutes('+2500')).toBeNull();
  });

  it('refuses unknown zones, impossible dates and year-less lines without a year', () => {
    expect(parseInstant('Tue, 23 Dec 2025 10:30:00 XYZ', NOW)).toBeNull();
    expect(parseInstant('Mon, 31 Feb 2025 10:30:00 CET', NOW)).toBeNull();
    expect(parseInstant('Dec 23, 10:30 CET', NOW)).toBeNull();
    expect(parseInstant('Dec 23, 25:30 CET', NOW, 2025)).toBeNull();
    expect(parseInstant('Tue, 23 Dec 2031 10:30:00 CET', NOW)).toBeNull();
  });
});
