/** Where each planted anomaly goes, in local days counted back from the end of the data. */
export interface Slot {
  id: string;
  /** Consecutive days it occupies. */
  days: number;
  /** Preferred distance of its first day from the end: 1 = the last full day. */
  prefer: number;
  min: number;
  max: number;
  /** Clean days required between it and any other anomaly. */
  gap: number;
  /** Clean days required between a holiday or sale day and its first day, and after its last day. */
  peakGap: readonly [before: number, after: number];
}

export const SLOTS: readonly Slot[] = [
  // Two in the last three weeks, so the demo feed opens on recent insights.
  { id: 'spike', days: 1, prefer: 4, min: 1, max: 21, gap: 1, peakGap: [2, 2] },
  { id: 'tracking_outage', days: 1, prefer: 11, min: 1, max: 21, gap: 1, peakGap: [2, 2] },
  { id: 'dip', days: 1, prefer: 18, min: 1, max: 40, gap: 1, peakGap: [2, 2] },
  { id: 'dimension_drop', days: 2, prefer: 30, min: 22, max: 90, gap: 1, peakGap: [2, 2] },
  // Change points want clean weeks after them, so the new level or slope shows before the next holiday.
  { id: 'level_shift', days: 1, prefer: 45, min: 25, max: 75, gap: 3, peakGap: [5, 14] },
  { id: 'low_volume_spike', days: 1, prefer: 53, min: 22, max: 92, gap: 2, peakGap: [2, 2] },
  { id: 'zero_day_1', days: 1, prefer: 38, min: 22, max: 92, gap: 2, peakGap: [2, 2] },
  { id: 'zero_day_2', days: 1, prefer: 62, min: 22, max: 92, gap: 2, peakGap: [2, 2] },
  { id: 'zero_day_3', days: 1, prefer: 71, min: 22, max: 92, gap: 2, peakGap: [2, 2] },
  { id: 'zero_day_4', days: 1, prefer: 86, min: 22, max: 92, gap: 2, peakGap: [2, 2] },
  { id: 'trend_change', days: 1, prefer: 78, min: 56, max: 95, gap: 3, peakGap: [7, 21] },
];

/** Days of history every anomaly keeps before it, so a detector has seasons to learn from. */
export const MIN_HISTORY_DAYS = 28;

export interface ScheduleCalendar {
  /** Index of the last full local day of the data. */
  lastFull: number;
  /** Day indices of holiday and sale days (they may lie before or after the data). */
  peakDays: readonly number[];
  /** Per day index: true on days that are not 24 hours long (DST changes). */
  irregular: readonly boolean[];
}

interface Placed {
  first: number;
  last: number;
  gap: number;
}

function candidates(slot: Slot, limit: number): number[] {
  const order: number[] = [];
  for (let step = 0; step <= limit; step++) {
    for (const k of step === 0 ? [slot.prefer] : [slot.prefer + step, slot.prefer - step]) {
      if (k >= 1 && k <= limit) order.push(k);
    }
  }
  return order;
}

function fits(slot: Slot, first: number, calendar: ScheduleCalendar, placed: readonly Placed[]): boolean {
  const last = first + slot.days - 1;
  if (first < MIN_HISTORY_DAYS || last > calendar.lastFull) return false;
  for (let day = first; day <= last; day++) if (calendar.irregular[day]) return false;
  const [before, after] = slot.peakGap;
  if (calendar.peakDays.some((peak) => peak >= first - before && peak <= last + after)) return false;
  return placed.every((other) => {
    const between = first > other.last ? first - other.last - 1 : other.first - last - 1;
    return between >= Math.max(slot.gap, other.gap);
  });
}

/**
 * Places every slot greedily, nearest to its preferred day first. A slot that finds no room in its range
 * looks up to 30 days further back, and if the data is too short for that, settles for two clean days around holidays.
 * Returns each slot's first day index.
 */
export function placeAnomalies(calendar: ScheduleCalendar): Map<string, number> {
  const placed: Placed[] = [];
  const result = new Map<string, number>();
  for (const slot of SLOTS) {
    const within = candidates(slot, slot.max).filter((k) => k >= slot.min);
    const beyond = candidates({ ...slot, prefer: slot.max }, slot.max + 30).filter((k) => k > slot.max);
    const relaxed: Slot = { ...slot, peakGap: [2, 2] };
    const k =
      [...within, ...beyond].find((distance) =>
        fits(slot, calendar.lastFull + 1 - distance, calendar, placed),
      ) ?? within.find((distance) => fits(relaxed, calendar.lastFull + 1 - distance, calendar, placed));
    if (k === undefined) throw new Error(`No room for the planted ${slot.id}: the data is too short.`);
    const first = calendar.lastFull + 1 - k;
    placed.push({ first, last: first + slot.days - 1, gap: slot.gap });
    result.set(slot.id, first);
  }
  return result;
}
