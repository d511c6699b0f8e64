import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useDemoMode } from './demo-mode';
import { STORE_KEYS, readStore, writeStore } from './local-store';

/**
 * The applied global filter (spec 1 §4, Global filter). The URL's `dim_name`/`dim_val` are the truth, so a
 * link shares it; a copy is kept in localStorage so moving between pages (whose links carry no query)
 * keeps it. The drawer and the top-bar selector that change it live in features/filters.
 */

export interface AppliedFilter {
  dim_name: string;
  dim_val: string;
}

export interface StoredFilter extends AppliedFilter {
  /** The workspace it was applied in: another workspace's filter never carries over. */
  tenant_id: number;
}

export const FILTER_PARAMS = { name: 'dim_name', value: 'dim_val' } as const;

/** The filter a URL's query names, or null when it names none (both parts are needed). */
export function appliedFilterOf(search: URLSearchParams): AppliedFilter | null {
  const dimName = search.get(FILTER_PARAMS.name);
  const dimVal = search.get(FILTER_PARAMS.value);
  return dimName && dimVal ? { dim_name: dimName, dim_val: dimVal } : null;
}

/** The query with the filter set, or removed when `filter` is null; other parameters stay. */
export function withAppliedFilter(search: URLSearchParams, filter: AppliedFilter | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (filter) {
    next.set(FILTER_PARAMS.name, filter.dim_name);
    next.set(FILTER_PARAMS.value, filter.dim_val);
  } else {
    next.delete(FILTER_PARAMS.name);
    next.delete(FILTER_PARAMS.value);
  }
  return next;
}

export const sameFilter = (a: AppliedFilter | null, b: AppliedFilter | null): boolean =>
  a === b || (!!a && !!b && a.dim_name === b.dim_name && a.dim_val === b.dim_val);

/**
 * `{ dim_name, dim_val }` for every data call of a screen (insights, metrics, events), or null. Demo mode
 * reads the demo workspace, which the selector does not filter, so no filter applies there.
 */
export function useAppliedFilter(): AppliedFilter | null {
  const [search] = useSearchParams();
  const [demoMode] = useDemoMode();
  const dimName = search.get(FILTER_PARAMS.name);
  const dimVal = search.get(FILTER_PARAMS.value);
  return useMemo(
    () => (demoMode || !dimName || !dimVal ? null : { dim_name: dimName, dim_val: dimVal }),
    [demoMode, dimName, dimVal],
  );
}

/** The query part a call spreads into its own: `{ dim_name, dim_val }` or nothing. */
export function filterQuery(filter: AppliedFilter | null): Partial<AppliedFilter> {
  return filter ? { dim_name: filter.dim_name, dim_val: filter.dim_val } : {};
}

export function getStoredFilter(): StoredFilter | null {
  const raw = readStore(STORE_KEYS.globalFilter);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredFilter>;
    return typeof value.dim_name === 'string' &&
      typeof value.dim_val === 'string' &&
      typeof value.tenant_id === 'number'
      ? { dim_name: value.dim_name, dim_val: value.dim_val, tenant_id: value.tenant_id }
      : null;
  } catch {
    return null;
  }
}

export function storeFilter(filter: StoredFilter | null): void {
  writeStore(STORE_KEYS.globalFilter, filter ? JSON.stringify(filter) : null);
}

/** The applied filter and the cached filter list go together (customer change, feature off). */
export function clearStoredGlobalFilter(): void {
  writeStore(STORE_KEYS.globalFilter, null);
  writeStore(STORE_KEYS.globalFilters, null);
}
