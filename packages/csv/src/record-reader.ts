import type { RowError } from './types';

export const LF = 0x0a;
export const CR = 0x0d;
const BOM = [0xef, 0xbb, 0xbf] as const;

export const DEFAULT_MAX_RECORD_BYTES = 1 << 20;
/**
 * How far one quoted value may run: past this a quote is taken as stray, its line is rejected and reading
 * resumes on the next line, so one unclosed quote costs one row, not the rest of the file.
 */
export const MAX_QUOTED_LINES = 100;
export const MAX_QUOTED_BYTES = 64 * 1024;

/**
 * The framing shared by the tokenizer and the COPY transcoder: a BOM at the start, records cut by chunk
 * boundaries (the unfinished record is carried and parsed again with the next chunk), line numbers, and
 * the bounds on runaway records. Subclasses parse complete records out of the bytes they are given.
 */
export abstract class RecordReader {
  protected readonly maxRecordBytes: number;
  protected readonly onError: (error: RowError) => void;
  /** Line of the next record to parse (1-based). */
  protected line = 1;
  /** The unfinished record from the previous chunk, followed by room for the next chunk. */
  private carry = new Uint8Array(0);
  private carryLength = 0;
  private started = false;
  private ended = false;
  /** After an oversized record: drop bytes up to the next line ending, then report `skipFrom`. */
  private skipping = false;
  private skipFrom = 0;
  /** Preamble lines still to drop before the first record. */
  private skipLines: number;
  /** Bytes a record with a quoted value may reach before the quote is taken as stray. */
  protected readonly maxQuotedBytes: number;
  /** The previous line was blank or a record of empty values (a totals row may follow). */
  protected afterBlank = false;

  constructor(maxRecordBytes: number | undefined, onError: (error: RowError) => void, skipLines = 0) {
    this.maxRecordBytes = maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
    this.maxQuotedBytes = Math.min(MAX_QUOTED_BYTES, this.maxRecordBytes);
    this.onError = onError;
    this.skipLines = skipLines;
  }

  /**
   * Handles every complete record in data[pos, …) and returns the offset of the first byte not consumed
   * (the start of an unfinished record). With `final`, the data's end also ends the last record, and
   * only an unclosed quote may leave bytes unconsumed.
   */
  protected abstract parse(data: Uint8Array, pos: number, final: boolean): number;

  push(chunk: Uint8Array): void {
    if (this.ended) throw new Error('push after end');
    if (chunk.length === 0) return;
    let data: Uint8Array;
    if (this.carryLength > 0) {
      const needed = this.carryLength + chunk.length;
      if (this.carry.length < needed) {
        const grown = new Uint8Array(Math.max(needed, this.carry.length * 2));
        grown.set(this.carry.subarray(0, this.carryLength));
        this.carry = grown;
      }
      this.carry.set(chunk, this.carryLength);
      data = this.carry.subarray(0, needed);
    } else {
      data = chunk;
    }
    this.consume(data, false);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.consume(this.carry.subarray(0, this.carryLength), true);
    if (this.skipping) this.reportSkipped(this.line);
  }

  private consume(data: Uint8Array, final: boolean): void {
    let pos = 0;
    if (!this.started) {
      if (!final && data.length < BOM.length && isBomPrefix(data)) {
        this.keep(data, 0);
        return;
      }
      this.started = true;
      if (data.length >= BOM.length && isBomPrefix(data)) pos = BOM.length;
    }
    if (this.skipLines > 0) {
      pos = this.skipPreamble(data, pos, final);
      if (this.skipLines > 0) {
        if (pos < data.length) this.keep(data, pos);
        else this.carryLength = 0;
        return;
      }
    }
    if (this.skipping) {
      pos = this.skipLine(data, pos);
      if (this.skipping) {
        this.carryLength = 0;
        return;
      }
    }
    const rest = this.parse(data, pos, final);
    if (rest === data.length) {
      this.carryLength = 0;
    } else if (final) {
      this.unclosedAtEnd(data, rest);
      this.carryLength = 0;
    } else if (data.length - rest > this.maxRecordBytes) {
      this.skipFrom = this.line;
      this.line += countLineBreaks(data, rest, data.length - 1);
      const last = data[data.length - 1];
      if (last === LF || last === CR) {
        // The record's last line ended exactly here; the parser counts that break (pairing CR with a next LF).
        this.reportSkipped(this.line);
        this.keep(data, data.length - 1);
      } else {
        this.skipping = true;
        this.carryLength = 0;
      }
    } else {
      this.keep(data, rest);
    }
  }

  /** Drops whole preamble lines; returns where the first unfinished one starts (data's end at the end). */
  private skipPreamble(data: Uint8Array, pos: number, final: boolean): number {
    const n = data.length;
    for (let i = pos; i < n && this.skipLines > 0; i++) {
      const b = data[i];
      if (b !== LF && b !== CR) continue;
      if (b === CR && i + 1 >= n && !final) return pos;
      if (b === CR && data[i + 1] === LF) i++;
      this.line++;
      this.skipLines--;
      pos = i + 1;
    }
    if (final && this.skipLines > 0) {
      this.skipLines = 0;
      return n;
    }
    return pos;
  }

  /**
   * Just past the line ending that ends the line starting at `from` (the data's end when final and there is
   * none), or -1 to wait for more data. Where reading resumes after a rejected record: its next line.
   */
  protected nextLine(data: Uint8Array, from: number, final: boolean): number {
    const n = data.length;
    for (let i = from; i < n; i++) {
      const b = data[i];
      if (b === LF) return i + 1;
      if (b === CR) {
        if (i + 1 < n) return data[i + 1] === LF ? i + 2 : i + 1;
        return final ? n : -1;
      }
    }
    return final ? n : -1;
  }

  /** The rejection of a record whose quote runs past the bounds or to the end of the file. */
  protected strayQuote(line: number): void {
    this.onError({
      line,
      reason: `Line ${line}: a quote opened in this line is not closed within ${MAX_QUOTED_LINES} lines or ${sizeText(this.maxQuotedBytes)}, so the line was skipped; close the quote or remove it`,
    });
  }

  /** The rejection of a record whose quote closes on a later line with text after it: a stray quote. */
  protected unclosedOnLine(line: number): void {
    this.onError({
      line,
      reason: `Line ${line}: a quote opened in this line is not closed on it, so the line was skipped; close the quote or remove it`,
    });
  }

  private keep(data: Uint8Array, from: number): void {
    const length = data.length - from;
    if (data.buffer === this.carry.buffer && data.byteOffset === this.carry.byteOffset) {
      this.carry.copyWithin(0, from, data.length);
    } else {
      if (this.carry.length < length) this.carry = new Uint8Array(Math.max(length * 2, 1 << 16));
      this.carry.set(data.subarray(from));
    }
    this.carryLength = length;
  }

  /** Drops bytes up to the next line ending (left for the parser to count); returns where parsing resumes. */
  private skipLine(data: Uint8Array, pos: number): number {
    for (let i = pos; i < data.length; i++) {
      const b = data[i];
      if (b === LF || b === CR) {
        this.skipping = false;
        this.reportSkipped(this.line);
        return i;
      }
    }
    return data.length;
  }

  private reportSkipped(lastLine: number): void {
    this.skipping = false;
    this.onError({
      line: this.skipFrom,
      reason:
        `Line ${this.skipFrom}: a record is longer than ${sizeText(this.maxRecordBytes)}, probably because a quote is not closed; ` +
        `${linesText(this.skipFrom, lastLine)} ${lastLine > this.skipFrom ? 'were' : 'was'} skipped`,
    });
  }

  private unclosedAtEnd(data: Uint8Array, from: number): void {
    const first = this.line;
    const last = first + countLineBreaks(data, from, data.length);
    // A file ending in a line break has no text on the line after it.
    const end = data[data.length - 1] === LF || data[data.length - 1] === CR ? last - 1 : last;
    this.onError({
      line: first,
      reason: `Line ${first}: a quote opened in this record is never closed; ${linesText(first, end)} could not be read`,
    });
  }

  /** Reports a record longer than maxRecordBytes that ended normally at line `lastLine`. */
  protected reportOversized(firstLine: number, lastLine: number): void {
    this.skipFrom = firstLine;
    this.reportSkipped(lastLine);
  }
}

function isBomPrefix(data: Uint8Array): boolean {
  for (let i = 0; i < Math.min(data.length, BOM.length); i++) if (data[i] !== BOM[i]) return false;
  return true;
}

/** Line breaks (LF, CRLF, lone CR) in data[from, to). */
export function countLineBreaks(data: Uint8Array, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const b = data[i];
    if (b === LF) count++;
    else if (b === CR && data[i + 1] !== LF) count++;
  }
  return count;
}

function linesText(first: number, last: number): string {
  return last > first ? `lines ${first} to ${last}` : `line ${first}`;
}

function sizeText(bytes: number): string {
  if (bytes >= 1 << 20) return `${Math.round((bytes / (1 << 20)) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
