import type { CsvEncoding } from './types';

/** Code points of Windows-1252 bytes 0x80–0x9F; the five unassigned bytes map to the C1 control, as WHATWG does. */
export const WINDOWS_1252_HIGH: readonly number[] = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const utf8Encoder = new TextEncoder();

/** Decodes bytes[start, end) to a string; invalid UTF-8 becomes U+FFFD. */
export function decodeBytes(bytes: Uint8Array, start: number, end: number, encoding: CsvEncoding): string {
  // Short ASCII values (most cells) skip the decoder call.
  if (end - start <= 64) {
    let ascii = '';
    let i = start;
    for (; i < end; i++) {
      const b = bytes[i]!;
      if (b >= 0x80) break;
      ascii += String.fromCharCode(b);
    }
    if (i === end) return ascii;
  }
  if (encoding === 'utf-8') return utf8Decoder.decode(bytes.subarray(start, end));
  let out = '';
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    out += String.fromCharCode(b >= 0x80 && b < 0xa0 ? WINDOWS_1252_HIGH[b - 0x80]! : b);
  }
  return out;
}

export function encodeUtf8(text: string): Uint8Array {
  return utf8Encoder.encode(text);
}

/**
 * Length of the valid UTF-8 sequence starting at bytes[i] (a byte ≥ 0x80), or 0 when it is invalid or
 * runs past `end`. Overlong forms and surrogates are invalid, as PostgreSQL also rejects them.
 */
export function utf8SequenceLength(bytes: Uint8Array, i: number, end: number): number {
  const b = bytes[i]!;
  if (b < 0xc2 || b > 0xf4) return 0;
  const length = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
  if (i + length > end) return 0;
  // The second byte's range is narrower after E0, ED, F0 and F4 (no overlong forms, surrogates or > U+10FFFF).
  const second = bytes[i + 1]!;
  const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
  const hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
  if (second < lo || second > hi) return 0;
  for (let k = 2; k < length; k++) {
    const c = bytes[i + k]!;
    if (c < 0x80 || c > 0xbf) return 0;
  }
  return length;
}
