/** The feed's time filter: a few trailing windows, ending at the current hour so query keys stay stable. */
export const TIME_WINDOWS = [
  { id: '24h', label: 'Last 24 hours', hours: 24 },
  { id: '7d', label: 'Last 7 days', hours: 7 * 24 },
  { id: '30d', label: 'Last 30 days', hours: 30 * 24 },
  { id: '90d', label: 'Last 90 days', hours: 90 * 24 },
  { id: '12m', label: 'Last 12 months', hours: 365 * 24 },
] as const;
export type TimeWindowId = (typeof TIME_WINDOWS)[number]['id'];
export const DEFAULT_TIME_WINDOW: TimeWindowId = '30d';

export function parseTimeWindow(value: string | null): TimeWindowId {
  return TIME_WINDOWS.some((w) => w.id === value) ? (value as TimeWindowId) : DEFAULT_TIME_WINDOW;
}

export function timeWindowLabel(id: TimeWindowId): string {
  return TIME_WINDOWS.find((w) => w.id === id)!.label;
}

const HOUR = 3_600_000;

/** start_time and end_time of a window; the end is the next full hour so the newest run is inside. */
export function windowRange(id: TimeWindowId, now = Date.now()): { start_time: string; end_time: string } {
  const hours = TIME_WINDOWS.find((w) => w.id === id)!.hours;
  const end = Math.ceil(now / HOUR) * HOUR;
  return { start_time: new Date(end - hours * HOUR).toISOString(), end_time: new Date(end).toISOString() };
}
