/**
 * The part of Shopify's search syntax (`query:` argument of a connection) that the fake honours:
 * comparisons on timestamp fields, joined by spaces or AND. Like Shopify, it ignores terms it does not
 * understand instead of failing.
 */

export type Comparison = '>' | '>=' | '<' | '<=' | ':';

export interface TimeFilter {
  field: string;
  comparison: Comparison;
  at: Date;
}

const TERM = /([a-z_]+):(>=|<=|>|<)?\s*(?:'([^']*)'|"([^"]*)"|(\S+))/g;

export function parseSearchQuery(
  query: string | null | undefined,
  timeFields: readonly string[],
): TimeFilter[] {
  if (!query) return [];
  const filters: TimeFilter[] = [];
  for (const match of query.matchAll(TERM)) {
    const [, field = '', op, single, double, bare] = match;
    const value = single ?? double ?? bare ?? '';
    if (!timeFields.includes(field)) continue;
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) continue;
    filters.push({ field, comparison: (op as Comparison | undefined) ?? ':', at: new Date(ms) });
  }
  return filters;
}

export function matchesTimeFilters(
  value: (field: string) => Date | null,
  filters: readonly TimeFilter[],
): boolean {
  return filters.every((f) => {
    const v = value(f.field);
    if (!v) return false;
    const a = v.getTime();
    const b = f.at.getTime();
    switch (f.comparison) {
      case '>':
        return a > b;
      case '>=':
        return a >= b;
      case '<':
        return a < b;
      case '<=':
        return a <= b;
      case ':':
        return a === b;
    }
  });
}
