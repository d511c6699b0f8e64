import { formatDate, shownDateFormat, startOfInTimezone } from '@tidemark/format';

export interface DaySection<T> {
  /** Start of the day in the workspace's time zone, epoch ms. */
  day: number;
  label: string;
  items: T[];
}

/**
 * Groups items (already newest first) under the calendar day they started on, in the workspace's time
 * zone: 'Today', 'Yesterday', then the date ('Tuesday, 3 Oct'; with its year when the items reach into another
 * year). A day split across two pages stays one section.
 */
export function groupByDay<T>(
  items: T[],
  timestampOf: (item: T) => string,
  options: { tz?: string | null; now?: number; today: string; yesterday: string },
): DaySection<T>[] {
  const today = startOfInTimezone(options.now ?? Date.now(), 'day', options.tz);
  const yesterday = startOfInTimezone(today - 1, 'day', options.tz);
  const sections: DaySection<T>[] = [];
  const dayFormat = shownDateFormat(
    { tz: options.tz, format: 'dddd, D MMM', ...(options.now !== undefined ? { now: options.now } : {}) },
    items.map(timestampOf),
  );
  const byDay = new Map<number, DaySection<T>>();
  for (const item of items) {
    const day = startOfInTimezone(timestampOf(item), 'day', options.tz);
    let section = byDay.get(day);
    if (!section) {
      const label =
        day === today
          ? options.today
          : day === yesterday
            ? options.yesterday
            : formatDate(day, { tz: options.tz, format: dayFormat });
      section = { day, label, items: [] };
      byDay.set(day, section);
      sections.push(section);
    }
    section.items.push(item);
  }
  return sections.sort((a, b) => b.day - a.day);
}
