import { describe, expect, it } from 'vitest';
import {
  chosenLocalTime,
  duePeriods,
  instantOf,
  localParts,
  quietUntil,
  type DigestSchedule,
} from './schedule';

const NY = 'America/New_York';
const every: DigestSchedule = {
  localTime: '08:00',
  daily: {
    active: true,
    days: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  },
  weekly: { active: true, startOfWeek: 'sunday' },
};

/** Steps a fake clock (by default every 5 minutes, the digest job's cadence) and keeps the first step each period was due at. */
function sendsBetween(fromIso: string, toIso: string, tz: string, s: DigestSchedule, stepMinutes = 5) {
  const sent = new Map<string, string>();
  for (let t = Date.parse(fromIso); t < Date.parse(toIso); t += stepMinutes * 60_000) {
    for (const p of duePeriods(new Date(t), tz, s)) {
      const key = `${p.kind}:${p.periodKey}`;
      if (!sent.has(key)) sent.set(key, new Date(t).toISOString());
    }
  }
  return sent;
}

describe('digest schedule', () => {
  it('sends each daily report once a day at the chosen local time across the spring daylight-saving change', () => {
    // 2026-03-08: New York moves from UTC-5 to UTC-4 at 02:00 local.
    const sent = sendsBetween('2026-03-06T06:00:00Z', '2026-03-11T00:00:00Z', NY, every);
    const daily = [...sent].filter(([k]) => k.startsWith('daily:'));
    expect(daily).toEqual([
      ['daily:2026-03-05', '2026-03-06T13:00:00.000Z'],
      ['daily:2026-03-06', '2026-03-07T13:00:00.000Z'],
      ['daily:2026-03-07', '2026-03-08T12:00:00.000Z'],
      ['daily:2026-03-08', '2026-03-09T12:00:00.000Z'],
      ['daily:2026-03-09', '2026-03-10T12:00:00.000Z'],
    ]);
    // Sunday the 8th is the start of the week: the weekly digest covers 1–7 March, once.
    expect([...sent].filter(([k]) => k.startsWith('weekly:'))).toEqual([
      ['weekly:2026-03-01', '2026-03-08T12:00:00.000Z'],
    ]);
  });

  it('keeps the local time across the autumn change and reports a 25-hour day whole', () => {
    const sent = sendsBetween('2026-10-31T06:00:00Z', '2026-11-03T00:00:00Z', NY, every);
    expect(sent.get('daily:2026-10-31')).toBe('2026-11-01T13:00:00.000Z');
    expect(sent.get('daily:2026-11-01')).toBe('2026-11-02T13:00:00.000Z');
    const [p] = duePeriods(new Date('2026-11-02T13:00:00Z'), NY, every).filter((d) => d.kind === 'daily');
    expect(p!.to.getTime() - p!.from.getTime()).toBe(25 * 3_600_000);
    expect(sent.get('monthly:2026-10')).toBe('2026-11-01T13:00:00.000Z');
  });

  it('sends nothing while a switch is off and only on the chosen days', () => {
    const off = sendsBetween(
      '2026-03-01T00:00:00Z',
      '2026-03-15T00:00:00Z',
      NY,
      {
        ...every,
        daily: { active: false, days: every.daily.days },
        weekly: { active: false, startOfWeek: 'sunday' },
      },
      60,
    );
    expect(off.size).toBe(0);
    const mondays = sendsBetween(
      '2026-03-01T00:00:00Z',
      '2026-03-15T00:00:00Z',
      NY,
      {
        ...every,
        daily: { active: true, days: ['monday'] },
        weekly: { active: true, startOfWeek: 'monday' },
      },
      60,
    );
    expect([...mondays.keys()].sort()).toEqual([
      'daily:2026-03-01',
      'daily:2026-03-08',
      // Monthly follows the weekly switch.
      'monthly:2026-02',
      'weekly:2026-02-23',
      'weekly:2026-03-02',
    ]);
  });

  it('sends monthly and quarterly summaries on the first day of the period after', () => {
    const due = duePeriods(new Date('2026-04-01T08:00:00Z'), 'Europe/London', {
      ...every,
      localTime: '09:30',
    });
    expect(due.map((d) => d.kind)).toEqual([]);
    const later = duePeriods(new Date('2026-04-01T08:30:00Z'), 'Europe/London', {
      ...every,
      localTime: '09:30',
    });
    expect(later.map((d) => `${d.kind}:${d.periodKey}`)).toEqual([
      'daily:2026-03-31',
      'monthly:2026-03',
      'quarterly:2026-Q1',
    ]);
    const jan = duePeriods(new Date('2027-01-01T12:00:00Z'), 'Etc/UTC', every);
    expect(jan.filter((d) => d.kind === 'quarterly').map((d) => d.periodKey)).toEqual(['2026-Q4']);
  });

  it('reads the stored UTC report time back as the local time chosen on the day it was saved', () => {
    // Saved in January (UTC-5): 08:00 local was stored as 13:00 UTC.
    expect(chosenLocalTime('13:00', NY, new Date('2026-01-15T12:00:00Z'))).toBe('08:00');
    // Saved in July (UTC-4): 08:00 local was stored as 12:00 UTC.
    expect(chosenLocalTime('12:00', NY, new Date('2026-07-15T12:00:00Z'))).toBe('08:00');
    expect(chosenLocalTime('20:00', 'Asia/Kolkata', new Date())).toBe('01:30');
  });

  it('holds alerts inside quiet hours until they end, spanning midnight', () => {
    const quiet = { is_active: true, start: '22:00', end: '07:00' };
    expect(quietUntil(new Date('2026-03-10T03:30:00Z'), NY, quiet)?.toISOString()).toBe(
      '2026-03-10T11:00:00.000Z',
    );
    expect(quietUntil(new Date('2026-03-10T02:30:00Z'), NY, quiet)?.toISOString()).toBe(
      '2026-03-10T11:00:00.000Z',
    );
    expect(quietUntil(new Date('2026-03-10T16:00:00Z'), NY, quiet)).toBeNull();
    expect(quietUntil(new Date('2026-03-10T03:30:00Z'), NY, { ...quiet, is_active: false })).toBeNull();
    // Starting before midnight local: ends the next morning.
    expect(quietUntil(new Date('2026-03-11T03:00:00Z'), NY, quiet)?.toISOString()).toBe(
      '2026-03-11T11:00:00.000Z',
    );
  });

  it('maps local wall times to instants in the zone, both sides of a change', () => {
    expect(instantOf({ year: 2026, month: 3, day: 7, hour: 8, minute: 0 }, NY).toISOString()).toBe(
      '2026-03-07T13:00:00.000Z',
    );
    expect(instantOf({ year: 2026, month: 3, day: 9, hour: 8, minute: 0 }, NY).toISOString()).toBe(
      '2026-03-09T12:00:00.000Z',
    );
    expect(localParts(new Date('2026-03-08T07:30:00Z'), NY)).toMatchObject({ day: 8, hour: 3, weekday: 0 });
  });
});
