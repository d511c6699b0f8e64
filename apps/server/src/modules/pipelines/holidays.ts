import { addInTimezone, startOfInTimezone } from '@tidemark/format';

/**
 * The retail calendar every store shares: the days around Thanksgiving, Black Friday and Cyber Monday,
 * Christmas and the New Year. Their peaks and troughs are the season, not anomalies: the engine models
 * them apart and never raises them (a store's first year could not learn them from its own history).
 */
export interface Holiday {
  name: string;
  /** Local midnight to local midnight, epoch ms. */
  start: number;
  end: number;
}

function localDay(year: number, month: number, day: number, timezone: string): number {
  // Noon UTC of the date is inside the same local date for every zone within ±12 h.
  return startOfInTimezone(Date.UTC(year, month - 1, day, 12), 'day', timezone);
}

export function retailHolidays(from: number, to: number, timezone: string): Holiday[] {
  const out: Holiday[] = [];
  const first = new Date(from).getUTCFullYear() - 1;
  const last = new Date(to).getUTCFullYear() + 1;
  for (let year = first; year <= last; year++) {
    const novFirst = new Date(Date.UTC(year, 10, 1)).getUTCDay();
    const thanksgiving = 1 + ((4 - novFirst + 7) % 7) + 21;
    const days: Array<[string, number, number, number]> = [
      ['Thanksgiving week', year, 11, thanksgiving - 3],
      ['Thanksgiving week', year, 11, thanksgiving - 2],
      ['Thanksgiving week', year, 11, thanksgiving - 1],
      ['Thanksgiving', year, 11, thanksgiving],
      ['Black Friday', year, 11, thanksgiving + 1],
      ['Black Friday weekend', year, 11, thanksgiving + 2],
      ['Black Friday weekend', year, 11, thanksgiving + 3],
      ['Cyber Monday', year, 11, thanksgiving + 4],
      ['Cyber week', year, 11, thanksgiving + 5],
      ['Cyber week', year, 11, thanksgiving + 6],
      ['Christmas Eve', year, 12, 24],
      ['Christmas', year, 12, 25],
      ['Boxing Day', year, 12, 26],
      ["New Year's Eve", year, 12, 31],
      ['New Year', year + 1, 1, 1],
    ];
    for (const [name, y, m, d] of days) {
      // Days past the month's end roll over (Cyber week can reach into December).
      const date = new Date(Date.UTC(y, m - 1, d));
      const start = localDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timezone);
      const end = addInTimezone(start, 1, 'day', timezone);
      if (end > from && start < to) out.push({ name, start, end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The series' own buckets that start inside a holiday. */
export function holidayBuckets(ts: readonly number[], holidays: readonly Holiday[]): number[] {
  if (holidays.length === 0) return [];
  return ts.filter((t) => holidays.some((h) => t >= h.start && t < h.end));
}
