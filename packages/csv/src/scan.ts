/** Index of the first delimiter or line break at or after i (n when none), four bytes per step. */
export function scanUnquoted(data: Uint8Array, i: number, n: number, stops: Uint8Array): number {
  while (
    i + 4 <= n &&
    (stops[data[i]!]! | stops[data[i + 1]!]! | stops[data[i + 2]!]! | stops[data[i + 3]!]!) === 0
  ) {
    i += 4;
  }
  while (i < n && stops[data[i]!] === 0) i++;
  return i;
}
