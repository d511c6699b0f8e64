import type { CsvColumnType } from '../types';
import { readBoolean } from './boolean';
import { writeDecimal, writeInteger } from './number';
import { writeTemporal, type DateFormat } from './temporal';

/** Column types as small integers, so the per-value dispatch is one switch the engine can inline. */
export const KIND_TEXT = 0;
export const KIND_CODES: Record<CsvColumnType, number> = {
  text: KIND_TEXT,
  integer: 1,
  decimal: 2,
  boolean: 3,
  date: 4,
  timestamp: 5,
  timestamptz: 6,
};

/**
 * Writes a trimmed, non-empty value of a non-text column at buf[o]; returns the offset after it, or -1
 * when the value does not fit the type.
 */
export function writeTypedValue(
  kind: number,
  bytes: Uint8Array,
  s: number,
  e: number,
  markByte: number,
  format: DateFormat,
  latin1: boolean,
  buf: Uint8Array,
  o: number,
): number {
  switch (kind) {
    case 1:
      return writeInteger(bytes, s, e, buf, o);
    case 2:
      return writeDecimal(bytes, s, e, markByte, latin1, buf, o);
    case 3: {
      const value = readBoolean(bytes, s, e);
      if (value < 0) return -1;
      buf[o] = value === 1 ? 0x74 : 0x66;
      return o + 1;
    }
    case 4:
      return writeTemporal(bytes, s, e, format, 'date', buf, o);
    case 5:
      return writeTemporal(bytes, s, e, format, 'timestamp', buf, o);
    case 6:
      return writeTemporal(bytes, s, e, format, 'timestamptz', buf, o);
    default:
      return -1;
  }
}
