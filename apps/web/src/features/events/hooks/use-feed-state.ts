import { useMemo } from 'react';
import type { FeedQuery } from '../api/feed-query';
import type { FilterKey, FilterSelection } from '../components/summary-header';
import { statusParam } from '../utils/group-view';
import {
  canStepNext,
  currentPeriod,
  defaultRange,
  stepPeriod,
  type Period,
  type TimeRange,
} from '../utils/period';

/** URL parameters of /events (spec 2 §2.1, §3): the state lives in the URL so links and overlays keep it. */
export const FEED_PARAMS = {
  start: 'startDate',
  end: 'endDate',
  schedule: 'pipelineSchedule',
  severity: 'severity',
  status: 'status',
  type: 'type',
  provider: 'provider_uuid',
  category: 'provider_type',
  check: 'provider_check',
} as const;

const SCHEDULE_PERIOD: Record<string, Period> = { w: 'week', m: 'month', q: 'quarter' };
const PERIOD_SCHEDULE: Record<Period, string> = { week: 'w', month: 'm', quarter: 'q' };

const FILTER_PARAM: Record<FilterKey, string> = {
  severity: FEED_PARAMS.severity,
  status: FEED_PARAMS.status,
  type: FEED_PARAMS.type,
  provider: FEED_PARAMS.provider,
  category: FEED_PARAMS.category,
};

/** A list parameter: comma-separated, or JSON (the digest sends provider_uuid JSON-encoded). */
export function readList(raw: string | null): string[] {
  if (!raw) return [];
  if (raw.startsWith('[') || raw.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'string') return [parsed];
      if (Array.isArray(parsed)) return parsed.filter((v): v is string => typeof v === 'string');
    } catch {
      // Not JSON after all: read it as a list.
    }
  }
  return raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

function readTime(raw: string | null): number | null {
  if (!raw) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

export interface FeedState {
  period: Period;
  range: TimeRange;
  canNext: boolean;
  selection: FilterSelection;
  /** Whether the URL names a severity yet (else the page picks one from the summary). */
  hasSeverity: boolean;
  /** Filters other than the default severity are applied. */
  filtered: boolean;
  query: FeedQuery;
  summaryQuery: Omit<FeedQuery, 'severity' | 'type' | 'sub_type'> & { frequency: string };
}

/** The type selector's values: 'outage', 'error' (every error) or 'error:<sub_type>'. */
export function typeQuery(values: string[]): { type?: string; sub_type?: string } {
  if (values.length === 0) return {};
  const types = new Set<string>();
  const subTypes = new Set<string>();
  let allErrors = false;
  for (const value of values) {
    const [type, sub] = value.split(':');
    if (!type) continue;
    types.add(type);
    if (type === 'error' && !sub) allErrors = true;
    if (sub) subTypes.add(sub);
  }
  return {
    type: [...types].join(','),
    ...(subTypes.size > 0 && !allErrors && !types.has('outage') ? { sub_type: [...subTypes].join(',') } : {}),
  };
}

/** Now, to the next whole minute: renders within a minute share one query key (and one cached list). */
export const feedNow = (): number => Math.ceil(Date.now() / 60_000) * 60_000;

export function readFeedState(search: URLSearchParams, now = feedNow(), tz?: string | null): FeedState {
  const period = SCHEDULE_PERIOD[search.get(FEED_PARAMS.schedule) ?? 'w'] ?? 'week';
  const start = readTime(search.get(FEED_PARAMS.start));
  const end = readTime(search.get(FEED_PARAMS.end));
  const range: TimeRange =
    start !== null && end !== null && start < end
      ? { start, end: Math.min(end, now) }
      : defaultRange(now, tz);
  const selection: FilterSelection = {
    severity: readList(search.get(FEED_PARAMS.severity)),
    status: readList(search.get(FEED_PARAMS.status)),
    type: readList(search.get(FEED_PARAMS.type)),
    provider: readList(search.get(FEED_PARAMS.provider)),
    category: readList(search.get(FEED_PARAMS.category)),
  };
  const check = readList(search.get(FEED_PARAMS.check));
  const base = {
    start_time: new Date(range.start).toISOString(),
    end_time: new Date(range.end).toISOString(),
    ...(selection.status.length ? { status: selection.status.map(statusParam).join(',') } : {}),
    ...(selection.provider.length ? { provider_uuid: selection.provider.join(',') } : {}),
    ...(selection.category.length ? { provider_type: selection.category.join(',') } : {}),
    ...(check.length ? { provider_check: check.join(',') } : {}),
  };
  const query: FeedQuery = {
    ...base,
    ...(selection.severity.length ? { severity: selection.severity.join(',') } : {}),
    ...typeQuery(selection.type),
  };
  const filtered =
    selection.status.length +
      selection.type.length +
      selection.provider.length +
      selection.category.length +
      check.length >
      0 || !(selection.severity.length === 1);
  return {
    period,
    range,
    canNext: canStepNext(range, now, tz),
    selection,
    hasSeverity: search.has(FEED_PARAMS.severity),
    filtered,
    query,
    summaryQuery: { ...base, frequency: PERIOD_SCHEDULE[period] },
  };
}

/** Writers: each returns the next query string (other parameters, such as tenant_id, stay). */
export function withRange(search: URLSearchParams, range: TimeRange, period?: Period): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(FEED_PARAMS.start, new Date(range.start).toISOString());
  next.set(FEED_PARAMS.end, new Date(range.end).toISOString());
  if (period) next.set(FEED_PARAMS.schedule, PERIOD_SCHEDULE[period]);
  return next;
}

export function withFilter(search: URLSearchParams, key: FilterKey, values: string[]): URLSearchParams {
  const next = new URLSearchParams(search);
  if (values.length) next.set(FILTER_PARAM[key], values.join(','));
  else if (key === 'severity') next.set(FILTER_PARAM[key], '');
  else next.delete(FILTER_PARAM[key]);
  return next;
}

/** Clear All: every selector empties (severity too; an empty severity stays explicit so none is auto-picked). */
export function withoutFilters(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of Object.values(FILTER_PARAM)) next.delete(key);
  next.delete(FEED_PARAMS.check);
  next.set(FEED_PARAMS.severity, '');
  return next;
}

export function useFeedState(search: URLSearchParams, tz?: string | null) {
  const key = search.toString();
  // Recomputed when the URL changes; `now` is read then, so scrolling keeps one stable query.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => readFeedState(search, undefined, tz), [key, tz]);
}

export function steppedRange(state: FeedState, direction: -1 | 1, tz?: string | null): TimeRange {
  return stepPeriod(state.range, state.period, direction, feedNow(), tz);
}

export function periodChanged(state: FeedState, period: Period, tz?: string | null): TimeRange {
  return currentPeriod(state.range, period, feedNow(), tz);
}
