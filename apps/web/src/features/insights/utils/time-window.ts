import type { TeamState } from '@tidemark/contract';

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
const DAY = 24 * HOUR;

export interface FeedWindow {
  start_time: string;
  end_time: string;
  /** Set when the window was moved back to end at the workspace's data: the start of its newest day. */
  data_ends?: string;
}

/**
 * start_time and end_time of a window; the end is the next full hour so the newest run is inside. When the
 * workspace's newest data (`lastDataTs`, the start of its newest day) is older than the window reaches, the
 * window ends with that day instead: an export that stopped years ago still opens on its insights.
 */
export function windowRange(id: TimeWindowId, now = Date.now(), lastDataTs?: string | null): FeedWindow {
  const hours = TIME_WINDOWS.find((w) => w.id === id)!.hours;
  const end = Math.ceil(now / HOUR) * HOUR;
  const dataDay = lastDataTs ? Date.parse(lastDataTs) : NaN;
  if (Number.isFinite(dataDay) && dataDay + DAY <= end - hours * HOUR) {
    const dataEnd = Math.ceil((dataDay + DAY) / HOUR) * HOUR;
    return {
      start_time: new Date(dataEnd - hours * HOUR).toISOString(),
      end_time: new Date(dataEnd).toISOString(),
      data_ends: new Date(dataDay).toISOString(),
    };
  }
  return { start_time: new Date(end - hours * HOUR).toISOString(), end_time: new Date(end).toISOString() };
}

/** The team feed in the URL (?state=): Resolved or Flagged, else the Open feed. */
export function parseTeamState(value: string | null): TeamState {
  return value === 'Resolved' || value === 'Flagged' ? value : 'Open';
}
