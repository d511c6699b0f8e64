import { decodeBytes } from './decode';
import type { CsvDialect, CsvEncoding, RowError } from './types';

const LF = 0x0a;
const CR = 0x0d;
const BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * One record as byte ranges: field i is bytes[starts[i], ends[i]), quotes removed and doubled quotes
 * undone. The tokenizer reuses this object and its buffers for the next record, so copy what you keep.
 */
export class CsvRecord {
  line = 0;
  count = 0;
  bytes: Uint8Array = new Uint8Array(0);
  starts: Int32Array = new Int32Array(64);
  ends: Int32Array = new Int32Array(64);

  constructor(readonly encoding: CsvEncoding) {}

  field(i: number): string {
    return decodeBytes(this.bytes, this.starts[i]!, this.ends[i]!, this.encoding);
  }

  fields(): string[] {
    const out = new Array<string>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.field(i);
    return out;
  }
}

export interface CsvTokenizerOptions {
  delimiter: CsvDialect['delimiter'];
  quote?: CsvDialect['quote'];
  encoding?: CsvEncoding;
  /** A record longer than this (1 MB by default) is reported and skipped, so memory stays bounded. */
  maxRecordBytes?: number;
  onRecord: (record: CsvRecord) => void;
  onError: (error: RowError) => void;
}

export const DEFAULT_MAX_RECORD_BYTES = 1 << 20;

/**
 * Incremental CSV tokenizer over bytes. Rules: any of LF, CRLF and CR ends a line; blank lines are skipped;
 * a quote inside an unquoted field is an ordinary character (`27" screen`); text after a closing quote
 * makes the record malformed; an unclosed quote makes the rest of the file (or the next maxRecordBytes)
 * one malformed record, reported once with the lines it covered.
 */
export class CsvTokenizer {
  private readonly delim: number;
  private readonly quote: number;
  private readonly maxRecordBytes: number;
  private readonly onRecord: (record: CsvRecord) => void;
  private readonly onError: (error: RowError) => void;
  private readonly record: CsvRecord;
  /** The unfinished record from the previous chunk, followed by room for the next chunk. */
  private carry = new Uint8Array(0);
  private carryLength = 0;
  /** Unquoted copy of a record that contained doubled quotes. */
  private scratch = new Uint8Array(256);
  private line = 1;
  private started = false;
  private ended = false;
  /** After an oversized record: drop bytes up to the next line ending, then report `skipFrom`. */
  private skipping = false;
  private skipFrom = 0;

  constructor(options: CsvTokenizerOptions) {
    this.delim = options.delimiter.charCodeAt(0);
    this.quote = (options.quote ?? '"').charCodeAt(0);
    this.maxRecordBytes = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
    this.onRecord = options.onRecord;
    this.onError = options.onError;
    this.record = new CsvRecord(options.encoding ?? 'utf-8');
  }

  push(chunk: Uint8Array): void {
    if (this.ended) throw new Error('CsvTokenizer.push after end');
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
    const mb = Math.round((this.maxRecordBytes / (1 << 20)) * 10) / 10;
    this.onError({
      line: this.skipFrom,
      reason:
        `Line ${this.skipFrom}: a record is longer than ${mb} MB, probably because a quote is not closed; ` +
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

  /**
   * Emits every complete record in data[pos, …) and returns the offset of the first byte not consumed
   * (the start of an unfinished record). With `final`, the data's end also ends the last record.
   */
  private parse(data: Uint8Array, pos: number, final: boolean): number {
    const n = data.length;
    const delim = this.delim;
    const quote = this.quote;
    const record = this.record;
    let starts = record.starts;
    let ends = record.ends;

    records: while (pos < n) {
      let i = pos;
      let b = data[i]!;
      if (b === LF) {
        this.line++;
        pos = i + 1;
        continue;
      }
      if (b === CR) {
        if (i + 1 < n) pos = data[i + 1] === LF ? i + 2 : i + 1;
        else if (final) pos = n;
        else return pos;
        this.line++;
        continue;
      }

      let field = 0;
      let breaks = 0;
      let unescape = false;
      let malformed = false;
      for (;;) {
        if (field === starts.length) {
          starts = grow(starts);
          ends = grow(ends);
          record.starts = starts;
          record.ends = ends;
        }
        if (i < n && data[i] === quote) {
          i++;
          starts[field] = i;
          for (;;) {
            while (i < n) {
              b = data[i]!;
              if (b === quote) break;
              if (b === LF) breaks++;
              else if (b === CR && data[i + 1] !== LF) breaks++;
              i++;
            }
            // Unclosed so far: wait for more data, or (final) let consume report it.
            if (i >= n) return pos;
            if (i + 1 >= n && !final) return pos;
            if (data[i + 1] === quote) {
              unescape = true;
              i += 2;
              continue;
            }
            ends[field] = i;
            i++;
            break;
          }
          if (i >= n) {
            if (!final) return pos;
            break;
          }
          b = data[i]!;
          if (b === delim) {
            field++;
            i++;
            continue;
          }
          if (b === LF || b === CR) break;
          // Text after the closing quote: the record is malformed up to its line's end.
          malformed = true;
          while (i < n) {
            b = data[i]!;
            if (b === LF || b === CR) break;
            i++;
          }
          if (i >= n && !final) return pos;
          break;
        }
        starts[field] = i;
        while (i < n) {
          b = data[i]!;
          if (b === delim || b === LF || b === CR) break;
          i++;
        }
        ends[field] = i;
        if (i >= n) {
          if (!final) return pos;
          break;
        }
        if (b === delim) {
          field++;
          i++;
          continue;
        }
        break;
      }

      // i is at the line ending (or the data's end when final).
      let next = i;
      if (i < n) {
        if (data[i] === CR) {
          if (i + 1 < n) next = data[i + 1] === LF ? i + 2 : i + 1;
          else if (final) next = n;
          else return pos;
        } else {
          next = i + 1;
        }
      }

      const line = this.line;
      this.line += breaks + 1;
      if (malformed) {
        this.onError({ line, reason: `Line ${line}: unexpected text after a closing quote` });
      } else if (i - pos > this.maxRecordBytes) {
        this.skipFrom = line;
        this.reportSkipped(this.line - 1);
      } else {
        record.line = line;
        record.count = field + 1;
        if (unescape) this.unescapeRecord(data);
        else record.bytes = data;
        this.onRecord(record);
      }
      pos = next;
      continue records;
    }
    return pos;
  }

  /** Copies the record's fields into scratch with doubled quotes collapsed. */
  private unescapeRecord(data: Uint8Array): void {
    const record = this.record;
    const quote = this.quote;
    let size = 0;
    for (let f = 0; f < record.count; f++) size += record.ends[f]! - record.starts[f]!;
    if (this.scratch.length < size) this.scratch = new Uint8Array(size * 2);
    const out = this.scratch;
    let o = 0;
    for (let f = 0; f < record.count; f++) {
      const s = record.starts[f]!;
      const e = record.ends[f]!;
      // Only quoted fields (whose opening quote sits just before them) escape quotes by doubling.
      const quoted = s > 0 && data[s - 1] === quote;
      record.starts[f] = o;
      for (let i = s; i < e; i++) {
        const b = data[i]!;
        out[o++] = b;
        if (quoted && b === quote && data[i + 1] === quote) i++;
      }
      record.ends[f] = o;
    }
    record.bytes = out;
  }
}

function grow(a: Int32Array): Int32Array {
  const g = new Int32Array(a.length * 2);
  g.set(a);
  return g;
}

function isBomPrefix(data: Uint8Array): boolean {
  for (let i = 0; i < Math.min(data.length, BOM.length); i++) if (data[i] !== BOM[i]) return false;
  return true;
}

/** Line breaks (LF, CRLF, lone CR) in data[from, to). */
function countLineBreaks(data: Uint8Array, from: number, to: number): number {
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
