const PLUS = 0x2b;
const MINUS = 0x2d;
const DOT = 0x2e;
const COMMA = 0x2c;
const SPACE = 0x20;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

export type DecimalMark = '.' | ',';

/** Which decimal marks a value can be read with: bit 1 for '.', bit 2 for ','. */
export const MARK_DOT = 1;
export const MARK_COMMA = 2;

/** Byte of a decimal mark. */
export function markByte(mark: DecimalMark): number {
  return mark === '.' ? DOT : COMMA;
}

const INT8_MAX = '9223372036854775807';
const INT8_MIN_ABS = '9223372036854775808';

/**
 * A number-like value split into parts, filled by readNumber and reused between calls (one value at a time).
 * The mantissa is digit runs separated by one-character separators: `1,234.5` is runs 1|234|5, seps , .
 */
interface NumberParts {
  negative: boolean;
  currency: boolean;
  runCount: number;
  runStart: Int32Array;
  runEnd: Int32Array;
  /** seps[k] separates run k and run k+1: DOT, COMMA or SPACE (space and no-break spaces). */
  seps: Uint8Array;
  /** Exponent digits with their sign, [expStart, expEnd), or expStart = -1. */
  expStart: number;
  expEnd: number;
}

const parts: NumberParts = {
  negative: false,
  currency: false,
  runCount: 0,
  runStart: new Int32Array(64),
  runEnd: new Int32Array(64),
  seps: new Uint8Array(64),
  expStart: -1,
  expEnd: -1,
};

/** Length of a currency symbol ($, €, £) at bytes[i], or 0. */
function currencyAt(bytes: Uint8Array, i: number, e: number, latin1: boolean): number {
  if (i >= e) return 0;
  const b = bytes[i];
  if (b === 0x24) return 1;
  if (latin1) return b === 0x80 || b === 0xa3 ? 1 : 0;
  if (b === 0xe2 && i + 2 < e && bytes[i + 1] === 0x82 && bytes[i + 2] === 0xac) return 3;
  if (b === 0xc2 && i + 1 < e && bytes[i + 1] === 0xa3) return 2;
  return 0;
}

/** Length of a space-like group separator (space, U+00A0, U+202F) at bytes[i], or 0. */
function spaceAt(bytes: Uint8Array, i: number, e: number, latin1: boolean): number {
  const b = bytes[i];
  if (b === SPACE) return 1;
  if (latin1) return b === 0xa0 ? 1 : 0;
  if (b === 0xc2 && i + 1 < e && bytes[i + 1] === 0xa0) return 2;
  if (b === 0xe2 && i + 2 < e && bytes[i + 1] === 0x80 && bytes[i + 2] === 0xaf) return 3;
  return 0;
}

function skipSpaces(bytes: Uint8Array, i: number, e: number): number {
  while (i < e && bytes[i] === SPACE) i++;
  return i;
}

/**
 * Reads `[sign][currency][spaces][sign]digits[sep digits]…[e[sign]digits][spaces][currency]` from the
 * trimmed range; false when the value is not number-like. Separators are not judged here (see marksOf).
 */
function readNumber(bytes: Uint8Array, s: number, e: number, latin1: boolean): boolean {
  const p = parts;
  p.negative = false;
  p.currency = false;
  p.runCount = 0;
  p.expStart = -1;
  let i = s;
  let signed = false;
  if (bytes[i] === MINUS || bytes[i] === PLUS) {
    p.negative = bytes[i] === MINUS;
    signed = true;
    i++;
  }
  let c = currencyAt(bytes, i, e, latin1);
  if (c > 0) {
    p.currency = true;
    i = skipSpaces(bytes, i + c, e);
    if (!signed && i < e && (bytes[i] === MINUS || bytes[i] === PLUS)) {
      p.negative = bytes[i] === MINUS;
      i++;
    }
  }
  let runStart = i;
  for (;;) {
    while (i < e) {
      const b = bytes[i]!;
      if (b < DIGIT_0 || b > DIGIT_9) break;
      i++;
    }
    if (p.runCount === p.runStart.length) return false;
    p.runStart[p.runCount] = runStart;
    p.runEnd[p.runCount] = i;
    p.runCount++;
    if (i >= e) break;
    const b = bytes[i]!;
    let sep = 0;
    let width = 1;
    if (b === DOT || b === COMMA) sep = b;
    else {
      width = spaceAt(bytes, i, e, latin1);
      if (width > 0 && i + width < e && isDigit(bytes[i + width])) sep = SPACE;
    }
    if (sep === 0) break;
    p.seps[p.runCount - 1] = sep;
    i += width;
    runStart = i;
  }
  // Digits must appear somewhere in the mantissa.
  let digits = 0;
  for (let k = 0; k < p.runCount; k++) digits += p.runEnd[k]! - p.runStart[k]!;
  if (digits === 0) return false;
  if (i < e && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
    let j = i + 1;
    if (j < e && (bytes[j] === PLUS || bytes[j] === MINUS)) j++;
    const d = j;
    while (j < e && isDigit(bytes[j])) j++;
    if (j === d) return false;
    p.expStart = i + 1;
    p.expEnd = j;
    i = j;
  }
  if (i < e && !p.currency) {
    const afterSpaces = skipSpaces(bytes, i, e);
    c = currencyAt(bytes, afterSpaces, e, latin1);
    if (c > 0) {
      p.currency = true;
      i = afterSpaces + c;
    }
  }
  return i === e;
}

function isDigit(b: number | undefined): boolean {
  return b !== undefined && b >= DIGIT_0 && b <= DIGIT_9;
}

/**
 * Whether the parsed separators read as a number with the given decimal mark: at most one mark, last;
 * every other separator one same thousands character (not the mark), splitting groups of three.
 */
function fitsMark(mark: number): boolean {
  const p = parts;
  const seps = p.runCount - 1;
  if (seps === 0) return true;
  const hasMark = p.seps[seps - 1] === mark;
  const groups = hasMark ? seps - 1 : seps;
  if (groups === 0) return true;
  if (p.expStart >= 0) return false;
  const thousands = p.seps[0]!;
  if (thousands === mark) return false;
  const first = p.runEnd[0]! - p.runStart[0]!;
  if (first < 1 || first > 3) return false;
  for (let k = 1; k <= groups; k++) {
    if (p.seps[k - 1] !== thousands) return false;
    if (p.runEnd[k]! - p.runStart[k]! !== 3) return false;
  }
  return true;
}

export interface NumberShape {
  /** Optional sign and digits only, as an integer column takes it. */
  integer: boolean;
  /** Written with a leading zero (`00123`, `007.5`) or as `+` and 7 digits or more: a code, kept as text. */
  leadingZero: boolean;
  /** Integer within PostgreSQL's bigint range. */
  fitsInt8: boolean;
  /** MARK_DOT | MARK_COMMA: the decimal marks the value reads correctly with; 0 when it is no number. */
  marks: number;
}

/** Classifies a trimmed value for type inference. */
export function numberShape(bytes: Uint8Array, s: number, e: number, latin1: boolean): NumberShape | null {
  if (s >= e || !readNumber(bytes, s, e, latin1)) return null;
  const p = parts;
  const integer = p.runCount === 1 && !p.currency && p.expStart < 0 && p.runEnd[0]! > p.runStart[0]!;
  const ds = p.runStart[0]!;
  const de = p.runEnd[0]!;
  // A code, not a quantity: `00123`, or a phone number written with its `+` (`+27836602217`).
  const leadingZero =
    (de - ds > 1 && bytes[ds] === DIGIT_0) || (integer && bytes[s] === PLUS && de - ds >= 7);
  const fitsInt8 = integer && digitsFitInt8(bytes, ds, de, p.negative);
  const marks = (fitsMark(DOT) ? MARK_DOT : 0) | (fitsMark(COMMA) ? MARK_COMMA : 0);
  return { integer, leadingZero, fitsInt8, marks };
}

function digitsFitInt8(bytes: Uint8Array, s: number, e: number, negative: boolean): boolean {
  while (s < e - 1 && bytes[s] === DIGIT_0) s++;
  const n = e - s;
  if (n < 19) return true;
  if (n > 19) return false;
  const limit = negative ? INT8_MIN_ABS : INT8_MAX;
  for (let k = 0; k < 19; k++) {
    const d = bytes[s + k]!;
    const l = limit.charCodeAt(k);
    if (d !== l) return d < l;
  }
  return true;
}

/**
 * Writes a trimmed, non-empty integer value as COPY text at buf[o] (room is the caller's job); returns the
 * offset after it, or -1 when it is not an integer within bigint.
 */
export function writeInteger(bytes: Uint8Array, s: number, e: number, buf: Uint8Array, o: number): number {
  let i = s;
  let negative = false;
  if (bytes[i] === MINUS || bytes[i] === PLUS) {
    negative = bytes[i] === MINUS;
    i++;
  }
  if (i >= e) return -1;
  const digits = i;
  if (negative) buf[o++] = MINUS;
  for (; i < e; i++) {
    const b = bytes[i]!;
    if (b < DIGIT_0 || b > DIGIT_9) return -1;
    buf[o++] = b;
  }
  if (e - digits >= 19 && !digitsFitInt8(bytes, digits, e, negative)) return -1;
  return o;
}

/**
 * Writes a trimmed, non-empty decimal value as plain `-1234.5` (currency and thousands separators removed,
 * the mark turned into a point) at buf[o]; returns the offset after it, or -1 when it does not read as a
 * number with that mark.
 */
export function writeDecimal(
  bytes: Uint8Array,
  s: number,
  e: number,
  markByte: number,
  latin1: boolean,
  buf: Uint8Array,
  o: number,
): number {
  // Fast path: [-]digits[mark digits], copied as it is read.
  const start = o;
  let i = s;
  if (bytes[i] === MINUS) {
    buf[o++] = MINUS;
    i++;
  }
  let seenMark = false;
  let digits = 0;
  for (; i < e; i++) {
    const b = bytes[i]!;
    if (b >= DIGIT_0 && b <= DIGIT_9) {
      digits++;
      buf[o++] = b;
    } else if (b === markByte && !seenMark) {
      seenMark = true;
      buf[o++] = DOT;
    } else break;
  }
  if (i === e && digits > 0) return o;
  o = start;
  if (!readNumber(bytes, s, e, latin1) || !fitsMark(markByte)) return -1;
  const p = parts;
  if (p.negative) buf[o++] = MINUS;
  const last = p.runCount - 1;
  for (let k = 0; k <= last; k++) {
    if (k > 0 && p.seps[k - 1] === markByte) buf[o++] = DOT;
    for (let j = p.runStart[k]!; j < p.runEnd[k]!; j++) buf[o++] = bytes[j]!;
  }
  if (p.expStart >= 0) {
    buf[o++] = 0x65;
    for (let j = p.expStart; j < p.expEnd; j++) buf[o++] = bytes[j]!;
  }
  return o;
}
