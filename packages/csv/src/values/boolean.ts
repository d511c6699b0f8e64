/**
 * Reads a trimmed boolean: true/false, yes/no, t/f, y/n in any case. Returns 1, 0, or -1 when it is none
 * of them; 1 and 0 themselves stay integers.
 */
export function readBoolean(bytes: Uint8Array, s: number, e: number): number {
  const n = e - s;
  if (n < 1 || n > 5) return -1;
  let word = '';
  for (let i = s; i < e; i++) word += String.fromCharCode(bytes[i]! | 0x20);
  switch (word) {
    case 'true':
    case 'yes':
    case 't':
    case 'y':
      return 1;
    case 'false':
    case 'no':
    case 'f':
    case 'n':
      return 0;
    default:
      return -1;
  }
}
