import { DateTime, FixedOffsetZone } from 'luxon';

// Status pages write times in their own zone: ISO 8601 with an offset, RFC 822 with an offset or a zone name
// ('Thu, 23 Dec 2021 10:30:00 PST', '… +0100', '… CET') and Statuspage's year-less 'Dec 23, 10:30 CET'.
// Luxon does the calendar arithmetic; this file only reads the words.

/**
 * Zone abbreviations status pages print, as minutes east of UTC. RFC 822's own names keep their RFC meaning
 * (CST is US Central, not China); IST is India's, the zone most pages that print it are set to.
 */
const ZONE_OFFSETS: Record<string, number> = {
  Z: 0,
  UT: 0,
  UTC: 0,
  GMT: 0,
  WET: 0,
  WEST: 60,
  BST: 60,
  CET: 60,
  CEST: 120,
  MET: 60,
  MEST: 120,
  EET: 120,
  EEST: 180,
  MSK: 180,
  SAST: 120,
  GST: 240,
  PKT: 300,
  IST: 330,
  ICT: 420,
  WIB: 420,
  SGT: 480,
  HKT: 480,
  AWST: 480,
  JST: 540,
  KST: 540,
  ACST: 570,
  ACDT: 630,
  AEST: 600,
  AEDT: 660,
  NZST: 720,
  NZDT: 780,
  BRT: -180,
  ART: -180,
  NST: -210,
  NDT: -150,
  AST: -240,
  ADT: -180,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
};

/** Minutes east of UTC for 'CET', '+0100', '+01:00', 'UTC+1', 'GMT-05:30'; null when not a zone. */
export function zoneOffsetMinutes(token: string): number | null {
  const t = token.trim().toUpperCase();
  if (t in ZONE_OFFSETS) return ZONE_OFFSETS[t]!;
  const m = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(t);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  if (minutes > 14 * 60) return null;
  return m[1] === '-' ? -minutes : minutes;
}

const ZONE = String.raw`([A-Za-z]{1,5}|(?:UTC|GMT)?[+-]\d{1,2}(?::?\d{2})?)`;
const RFC822 = new RegExp(
  String.raw`^(?:[A-Za-z]{3,9},?\s+)?(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*${ZONE}$`,
);
// Statuspage: 'Dec 23, 10:30 CET', and with a year 'Dec 23, 2025 - 10:30 CET'.
const MONTH_DAY = new RegExp(
  String.raw`^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s*(?:(\d{4})\s*[-,]?\s*)?(\d{1,2}):(\d{2})(?::(\d{2}))?\s*${ZONE}$`,
);
const ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** A wall-clock time at a fixed offset, as epoch milliseconds (NaN when the calendar refuses it). */
function atOffset(
  day: string,
  month: string,
  year: string | number,
  time: string,
  offsetMinutes: number,
): number {
  const mon = month.slice(0, 3);
  const dt = DateTime.fromFormat(`${day} ${mon} ${year} ${time}`, 'd LLL yyyy H:mm:ss', {
    zone: FixedOffsetZone.instance(offsetMinutes),
    locale: 'en-US',
  });
  return dt.isValid ? dt.toMillis() : Number.NaN;
}

/** Earliest instant a status page may state: before it is nonsense. */
const EARLIEST = Date.UTC(2000, 0, 1);

/**
 * Reads ISO 8601 with any offset (+05:30, +0530, Z; none is UTC), RFC 822 with an offset or a zone name
 * ('Thu, 23 Dec 2021 10:30:00 PST') and Statuspage's 'Dec 23, 10:30 CET' lines, whose year is `yearHint`
 * when they carry none. Null when unreadable or outside 2000..now + 366 days.
 */
export function parseInstant(value: unknown, now = Date.now(), yearHint?: number): Date | null {
  const text = (typeof value === 'string' ? value.slice(0, 100) : '').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  let t = Number.NaN;
  const iso = ISO.exec(text);
  const rfc = iso ? null : RFC822.exec(text);
  const short = iso || rfc ? null : MONTH_DAY.exec(text);
  if (iso) {
    const dt = DateTime.fromISO(`${iso[1]}T${iso[2]}${iso[3] ?? ''}`, { zone: 'utc' });
    t = dt.isValid ? dt.toMillis() : Number.NaN;
  } else if (rfc) {
    const offset = zoneOffsetMinutes(rfc[7]!);
    if (offset !== null)
      t = atOffset(rfc[1]!, rfc[2]!, rfc[3]!, `${rfc[4]}:${rfc[5]}:${rfc[6] ?? '00'}`, offset);
  } else if (short) {
    const offset = zoneOffsetMinutes(short[7]!);
    const year = short[3] ?? yearHint;
    if (offset !== null && year)
      t = atOffset(short[2]!, short[1]!, year, `${short[4]}:${short[5]}:${short[6] ?? '00'}`, offset);
  }
  if (!Number.isFinite(t) || t < EARLIEST || t > now + 366 * 86_400_000) return null;
  return new Date(t);
}
