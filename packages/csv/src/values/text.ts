import { WINDOWS_1252_HIGH, utf8SequenceLength } from '../decode';

const BACKSLASH = 0x5c;

/** 0 for bytes copied as they are (printable ASCII but backslash): one table load per byte on the hot path. */
export const TEXT_SPECIAL = new Uint8Array(256);
for (let b = 0; b < 256; b++) TEXT_SPECIAL[b] = b < 0x20 || b >= 0x80 || b === BACKSLASH ? 1 : 0;

/** Input bytes used by the last writeSpecial call. */
export let consumed = 1;

/**
 * Writes the byte at bytes[i] that TEXT_SPECIAL flags, and sets `consumed`: backslash, tab, LF and CR
 * escaped; NUL dropped (PostgreSQL text cannot hold it); a valid UTF-8 sequence copied and an invalid byte
 * replaced by U+FFFD (one bad byte would otherwise fail the whole COPY); Latin-1 (Windows-1252)
 * re-encoded as UTF-8. Returns the output offset after it.
 */
export function writeSpecial(
  bytes: Uint8Array,
  i: number,
  e: number,
  latin1: boolean,
  buf: Uint8Array,
  o: number,
): number {
  const b = bytes[i]!;
  consumed = 1;
  if (b < 0x80) {
    if (b === BACKSLASH) {
      buf[o++] = BACKSLASH;
      buf[o++] = BACKSLASH;
    } else if (b === 0x09) {
      buf[o++] = BACKSLASH;
      buf[o++] = 0x74;
    } else if (b === 0x0a) {
      buf[o++] = BACKSLASH;
      buf[o++] = 0x6e;
    } else if (b === 0x0d) {
      buf[o++] = BACKSLASH;
      buf[o++] = 0x72;
    } else if (b !== 0) {
      buf[o++] = b;
    }
    return o;
  }
  if (latin1) {
    const cp = b < 0xa0 ? WINDOWS_1252_HIGH[b - 0x80]! : b;
    if (cp < 0x800) {
      buf[o++] = 0xc0 | (cp >> 6);
      buf[o++] = 0x80 | (cp & 0x3f);
    } else {
      buf[o++] = 0xe0 | (cp >> 12);
      buf[o++] = 0x80 | ((cp >> 6) & 0x3f);
      buf[o++] = 0x80 | (cp & 0x3f);
    }
    return o;
  }
  const length = utf8SequenceLength(bytes, i, e);
  if (length === 0) {
    buf[o++] = 0xef;
    buf[o++] = 0xbf;
    buf[o++] = 0xbd;
    return o;
  }
  for (let k = 0; k < length; k++) buf[o++] = bytes[i + k]!;
  consumed = length;
  return o;
}

/**
 * Writes bytes[s, e) as a COPY text field in UTF-8 at buf[o] (room for three bytes per input byte is the
 * caller's job); returns the offset after it.
 */
export function writeText(
  bytes: Uint8Array,
  s: number,
  e: number,
  latin1: boolean,
  buf: Uint8Array,
  o: number,
): number {
  for (let i = s; i < e;) {
    const b = bytes[i]!;
    if (TEXT_SPECIAL[b] === 0) {
      buf[o++] = b;
      i++;
    } else {
      o = writeSpecial(bytes, i, e, latin1, buf, o);
      i += consumed;
    }
  }
  return o;
}
