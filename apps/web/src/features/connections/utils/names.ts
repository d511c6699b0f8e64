/**
 * Names over 20 characters are shortened (spec 1 §2). The head keeps 15 characters and the tail shrinks so
 * the short form is always shorter than the name: a literal 15 + … + 15 would lengthen names of 21–30.
 */
export function shortenName(name: string, limit = 20): string {
  if (name.length <= limit) return name;
  const tail = Math.min(15, name.length - limit);
  return `${name.slice(0, 15)}…${tail > 0 ? name.slice(-tail) : ''}`;
}

/** 'orders.csv and 2 more file(s)' under a data source's name. */
export function sourceLine(tables: readonly string[], type: 'file' | 'database' | 'app'): string | null {
  if (tables.length === 0) return null;
  const more = tables.length - 1;
  const unit = type === 'file' ? 'file(s)' : 'table(s)';
  return more > 0 ? `${tables[0]} and ${more} more ${unit}` : tables[0]!;
}

/** Spec 1 §5: connector search is a case-sensitive substring match on the display name. */
export function matchesSearch(displayName: string, term: string): boolean {
  return displayName.includes(term);
}

export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name);
}
