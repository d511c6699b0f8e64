import { safeTimezone } from '@tidemark/format';

const MINUTES_PER_DAY = 1440;

/** Minutes the zone is ahead of UTC at this instant (e.g. 330 for Asia/Kolkata). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: safeTimezone(timeZone),
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const fromMinutes = (m: number) => {
  const day = ((m % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(day / 60)).padStart(2, '0')}:${String(day % 60).padStart(2, '0')}`;
};

/**
 * Spec 1 §5: the weekly report time is entered in the workspace's time zone and sent in UTC. The offset is
 * today's, so a zone with daylight saving keeps the local time the user chose until the clocks change.
 */
export function localToUtc(local: string, timeZone: string, at = new Date()): string {
  return fromMinutes(toMinutes(local) - zoneOffsetMinutes(timeZone, at));
}

export function utcToLocal(utc: string, timeZone: string, at = new Date()): string {
  return fromMinutes(toMinutes(utc) + zoneOffsetMinutes(timeZone, at));
}

/** Spec 1 §9: 300-second steps; a typed time is rounded to the nearest 5 minutes. */
export function roundToStep(hhmm: string): string {
  if (!/^\d{2}:\d{2}/.test(hhmm)) return hhmm;
  return fromMinutes(Math.round(toMinutes(hhmm) / 5) * 5);
}
