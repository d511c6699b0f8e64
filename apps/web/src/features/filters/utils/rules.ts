import type { GlobalFilter } from '@tidemark/contract';
import type { AppliedFilter } from '@/session';

export const asApplied = (f: Pick<GlobalFilter, 'dimension_name' | 'dimension_value'>): AppliedFilter => ({
  dim_name: f.dimension_name,
  dim_val: f.dimension_value,
});

/** The saved filter a URL's dim_name/dim_val name, if one does. */
export function matchingFilter(filters: readonly GlobalFilter[], applied: AppliedFilter | null) {
  if (!applied) return undefined;
  return filters.find((f) => f.dimension_name === applied.dim_name && f.dimension_value === applied.dim_val);
}

/**
 * Spec 1 §4, on load with the feature on: the URL's dim_name and dim_val when present, otherwise the
 * default filter, otherwise none. A URL naming a value nobody saved still applies: it was shared that way.
 */
export function filterOnLoad(urlFilter: AppliedFilter | null, filters: readonly GlobalFilter[]) {
  if (urlFilter) return urlFilter;
  const byDefault = filters.find((f) => f.is_default);
  return byDefault ? asApplied(byDefault) : null;
}

export type DeleteBlock = 'applied' | 'default' | null;

/** Why a filter may not be deleted (spec 1 §4): it is applied, or it is the default. */
export function deleteBlock(filter: GlobalFilter, applied: AppliedFilter | null): DeleteBlock {
  const m = matchingFilter([filter], applied);
  if (m) return 'applied';
  if (filter.is_default) return 'default';
  return null;
}
