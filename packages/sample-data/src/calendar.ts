import { dayNumber, weekdayOfDayNumber } from './time-zone';

/** One day that departs from normal seasonality. */
export interface PeakDay {
  day: number;
  /** Multiplier on the store's demand that day. */
  demand: number;
  /** Multiplier on the marketplace's (steadier) demand. */
  marketplace: number;
  /** Sale days: more orders carry a discount code, and a deeper one. */
  promo: boolean;
}

/** A named window of consecutive peak days (the answer key's normal peaks). */
export interface PeakWindow {
  name: string;
  days: PeakDay[];
}

/** The fourth Thursday of November, as a day number. */
export function thanksgiving(year: number): number {
  const first = dayNumber({ year, month: 11, day: 1 });
  const firstThursday = first + ((4 - weekdayOfDayNumber(first) + 7) % 7);
  return firstThursday + 21;
}

function window(
  name: string,
  first: number,
  levels: ReadonlyArray<readonly [demand: number, marketplace: number]>,
  promo: boolean,
): PeakWindow {
  return {
    name,
    days: levels.map(([demand, marketplace], i) => ({ day: first + i, demand, marketplace, promo })),
  };
}

/**
 * The holiday season of one year: the sale week around Black Friday and Cyber Monday, the quiet
 * Thanksgiving, Christmas and New Year days, and the Boxing Day sale. Windows never overlap.
 */
export function peakWindows(year: number): PeakWindow[] {
  const turkey = thanksgiving(year);
  const christmas = dayNumber({ year, month: 12, day: 25 });
  return [
    window(
      'Thanksgiving week',
      turkey - 3,
      [
        [1.15, 1],
        [1.2, 1],
        [1.3, 1.1],
      ],
      true,
    ),
    window('Thanksgiving', turkey, [[0.6, 0.8]], false),
    window('Black Friday', turkey + 1, [[3.6, 1.6]], true),
    window(
      'Black Friday weekend',
      turkey + 2,
      [
        [2.1, 1.3],
        [1.8, 1.2],
      ],
      true,
    ),
    window('Cyber Monday', turkey + 4, [[3.3, 1.5]], true),
    window(
      'Cyber week',
      turkey + 5,
      [
        [1.6, 1.1],
        [1.25, 1],
      ],
      true,
    ),
    window('Christmas Eve', christmas - 1, [[0.7, 0.8]], false),
    window('Christmas', christmas, [[0.35, 0.6]], false),
    window('Boxing Day', christmas + 1, [[1.25, 1]], true),
    window("New Year's Eve", christmas + 6, [[0.75, 0.8]], false),
    window('New Year', christmas + 7, [[0.45, 0.7]], false),
  ];
}

/** Peak windows of every year that touches [firstDay, lastDay], in date order. */
export function peakWindowsBetween(firstDay: number, lastDay: number): PeakWindow[] {
  const firstYear = new Date(firstDay * 86_400_000).getUTCFullYear() - 1;
  const lastYear = new Date(lastDay * 86_400_000).getUTCFullYear();
  const windows: PeakWindow[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    for (const peak of peakWindows(year)) {
      const start = peak.days[0]?.day ?? 0;
      const end = peak.days[peak.days.length - 1]?.day ?? 0;
      if (end >= firstDay && start <= lastDay) windows.push(peak);
    }
  }
  return windows;
}
