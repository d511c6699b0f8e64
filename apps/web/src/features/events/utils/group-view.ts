import { formatDuration } from '@tidemark/format';

/** Pure rules of the event group screens (spec 2 §2.2, §2.3, §4, §9). */

export const MAX_COMPONENTS = 3;
export const MAX_FUNNEL_TAGS = 3;
/** Impact charts and overflowing series: top 5 plus Others when there are more than 6 items. */
export const BREAKUP_LIMIT = 6;
export const TOP_ITEMS = 5;
export const FEEDBACK_CONFIRM_MS = 3000;
export const LINK_TOOLTIP_MS = 1200;
export const SNACKBAR_MS = 1500;
/** The sub types whose errors come from the visitor's browser. */
export const BROWSER_SUB_TYPES = ['js', 'beacon', 'network', 'asset'] as const;
/** Statuses after which a group has an end shown in the Details panel. */
export const CLOSED_STATUSES = ['Closed'] as const;

export type Severity = 'High' | 'Medium' | 'Low';
export const SEVERITIES: readonly Severity[] = ['High', 'Medium', 'Low'];

/** Active runs to now, Closed to its end; zero or unknown is null (shown as a dash). */
export function groupDurationMs(
  group: { status: string; event_group_ts_start: string; event_group_ts_end?: string | null },
  now: number,
): number | null {
  const start = Date.parse(group.event_group_ts_start);
  const end = group.status === 'Active' ? now : Date.parse(group.event_group_ts_end ?? '');
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null;
  return end - start;
}

/** Days, hours and minutes on the detail screen; years and months too on cards; a dash when zero. */
export function formatGroupDuration(ms: number | null, where: 'card' | 'detail'): string {
  if (ms === null || ms < 60_000) return '-';
  if (where === 'detail' && ms >= 30 * 86_400_000) {
    const days = Math.floor(ms / 86_400_000);
    const rest = formatDuration(ms - days * 86_400_000, { maxParts: 2 });
    return `${days} days${rest.startsWith('less') ? '' : ` ${rest}`}`;
  }
  return formatDuration(ms, { maxParts: where === 'card' ? 5 : 3 });
}

/** 'Active' reads Live, 'Closed' reads closed (spec 2 §4). */
export function statusLabel(status: string): string {
  return status === 'Active' ? 'Live' : status;
}

/** The status filter sends Live as Active. */
export function statusParam(value: string): string {
  return value === 'Live' ? 'Active' : value;
}

/** Top 5 plus an 'Others' total, when there are more than 6 items; otherwise all of them. */
export function topWithOthers<T extends { name: string; count: number }>(
  items: readonly T[],
  othersName: string,
): Array<{ name: string; count: number }> {
  const sorted = [...items].sort((a, b) => b.count - a.count);
  if (sorted.length <= BREAKUP_LIMIT) return sorted.map(({ name, count }) => ({ name, count }));
  const top = sorted.slice(0, TOP_ITEMS).map(({ name, count }) => ({ name, count }));
  const rest = sorted.slice(TOP_ITEMS).reduce((sum, item) => sum + item.count, 0);
  return [...top, { name: othersName, count: rest }];
}

/** Text split by line into bullet points, each without a leading dash. */
export function bulletsOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^[-–—]\s*/, ''))
    .filter((line) => line.length > 0);
}

export interface GroupLabels {
  duration?: string | null;
  frequency?: string | null;
  primary_driver?: string | null;
  primary_driver_os?: string | null;
  primary_driver_browser?: string | null;
  is_default?: boolean | null;
}

export type LabelChip = { kind: 'site' | 'funnel' | 'dur' | 'freq' | 'skew' | 'normal'; text: string };

/**
 * The Details panel's labels: no labels or default ones show 'Site Monitoring' and the first funnel;
 * otherwise Dur, Freq, and Skew or Normal per browser or OS primary driver.
 */
export function labelChips(
  labels: GroupLabels | null | undefined,
  funnels: readonly string[],
  copy: { site: string; skew: string; normal: string; dur: string; freq: string },
): LabelChip[] {
  const empty =
    !labels ||
    labels.is_default === true ||
    !(labels.duration || labels.frequency || labels.primary_driver_browser || labels.primary_driver_os);
  if (empty) {
    const chips: LabelChip[] = [{ kind: 'site', text: copy.site }];
    if (funnels[0]) chips.push({ kind: 'funnel', text: funnels[0] });
    return chips;
  }
  const chips: LabelChip[] = [];
  if (labels.duration) chips.push({ kind: 'dur', text: `${copy.dur}: ${labels.duration}` });
  if (labels.frequency) chips.push({ kind: 'freq', text: `${copy.freq}: ${labels.frequency}` });
  const skewed = labels.primary_driver === 'skewed_dimension_distribution';
  for (const driver of [labels.primary_driver_browser, labels.primary_driver_os]) {
    if (driver)
      chips.push({
        kind: skewed ? 'skew' : 'normal',
        text: `${skewed ? copy.skew : copy.normal}: ${driver}`,
      });
  }
  return chips;
}

/** Card skew chips: at most two dimension chips, only when the primary driver is a skew. */
export function skewChips(labels: GroupLabels | null | undefined): string[] {
  if (!labels || labels.primary_driver !== 'skewed_dimension_distribution') return [];
  return [labels.primary_driver_browser, labels.primary_driver_os]
    .filter((v): v is string => !!v)
    .slice(0, 2);
}

/** On first load without a severity in the URL: the highest level with a count above 0. */
export function autoSeverity(
  counts: Partial<Record<Severity, { count: number }>> | null | undefined,
): Severity | null {
  if (!counts) return null;
  return SEVERITIES.find((s) => (counts[s]?.count ?? 0) > 0) ?? null;
}

/**
 * Funnel timestamps: an ISO time on the exact hour moves back one hour; anything else is floored to the
 * hour (spec 2 §5).
 */
export function funnelTimestamp(iso: string): string {
  const date = new Date(iso);
  const onHour = date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0;
  const floored = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours());
  return new Date(onHour ? floored - 3_600_000 : floored).toISOString();
}

/** Monetary impact direction: positive is green with an up arrow, otherwise red down, absent a dash. */
export function impactTone(value: number | null | undefined): 'up' | 'down' | 'none' {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'none';
  return value > 0 ? 'up' : 'down';
}

type ComponentStatus = 'up' | 'down' | 'warn' | 'maintenance';
const STATUS_ORDER: Record<ComponentStatus, ComponentStatus[]> = {
  up: ['up', 'down', 'warn', 'maintenance'],
  down: ['down', 'warn', 'maintenance', 'up'],
  maintenance: ['maintenance', 'down', 'warn', 'up'],
  warn: ['warn', 'down', 'maintenance', 'up'],
};
const CHANGE_WORDING: Record<ComponentStatus, string> = {
  up: 'Services are now up and running',
  down: 'experiencing major outage',
  warn: 'experiencing minor outage',
  maintenance: 'under maintenance',
};
const NO_CHANGE_WORDING: Record<ComponentStatus, string> = {
  up: 'Services are now up and running',
  down: 'Major outage detected in few services',
  maintenance: 'Maintenance in progress in few services',
  warn: 'Minor outage detected in few services',
};

/**
 * An outage log row's one-line summary (spec 2 §4): its own description wins; otherwise the first status in
 * the current status's priority order that a component changed to names those components.
 */
export function outageRowSummary(row: {
  description: string | null;
  data: { current_status: string | null } | null;
  component_status_changes: Array<{ name: string; current_status: string | null }>;
}): string {
  if (row.description) return row.description;
  const current = row.data?.current_status as ComponentStatus | null | undefined;
  if (!current || !(current in STATUS_ORDER)) return 'Unknown status';
  if (row.component_status_changes.length === 0) return NO_CHANGE_WORDING[current];
  for (const status of STATUS_ORDER[current]) {
    const names = row.component_status_changes.filter((c) => c.current_status === status).map((c) => c.name);
    if (names.length === 0) continue;
    return status === 'up'
      ? CHANGE_WORDING.up
      : `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} ${CHANGE_WORDING[status]}`;
  }
  return NO_CHANGE_WORDING[current];
}

/** A browser error row's message: the payload's error (or errors[0]) message, else the description. */
export function errorRowMessage(row: {
  description: string | null;
  payload: Record<string, unknown>;
}): string {
  const pick = (v: unknown): string | null =>
    v && typeof v === 'object' && 'message' in v && typeof (v as { message: unknown }).message === 'string'
      ? (v as { message: string }).message
      : typeof v === 'string'
        ? v
        : null;
  const errors = row.payload.errors;
  return (
    pick(row.payload.error) ?? (Array.isArray(errors) ? pick(errors[0]) : null) ?? row.description ?? '-'
  );
}
