/** Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours each cost 1. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  const cell = (i: number, j: number): number => (d[i] as number[])[j] as number;
  for (let i = 0; i < rows; i += 1) (d[i] as number[])[0] = i;
  for (let j = 0; j < cols; j += 1) (d[0] as number[])[j] = j;
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, cell(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, cell(i - 2, j - 2) + 1);
      }
      (d[i] as number[])[j] = best;
    }
  }
  return cell(a.length, b.length);
}

/**
 * The known name closest to `name` (ignoring case), if it is close enough to be a typo: at most one edit for short
 * names, and about a third of the length for longer ones.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const wanted = name.toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    // Names far longer than the formula's limit cannot be typos of it; skipping them bounds the work.
    if (Math.abs(candidate.length - wanted.length) > limit) continue;
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
