import { decodeBytes } from './decode';
import { CR, LF, MAX_QUOTED_LINES, RecordReader } from './record-reader';
import { scanUnquoted } from './scan';
import type { CsvDialect, CsvEncoding, RowError } from './types';

/**
 * One record as byte ranges: field i is bytes[starts[i], ends[i]), quotes removed and doubled quotes
 * undone. The tokenizer reuses this object and its buffers for the next record, so copy what you keep.
 */
export class CsvRecord {
  line = 0;
  count = 0;
  /** A blank line or a record of empty values came just before this one (a totals row may follow). */
  afterBlank = false;
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
  /** Preamble lines to drop before the first record (found by readSample). */
  skipLines?: number;
  onRecord: (record: CsvRecord) => void;
  onError: (error: RowError) => void;
}

/**
 * Incremental CSV tokenizer over bytes. Rules: any of LF, CRLF and CR ends a line; blank lines are skipped;
 * a quote inside an unquoted field is an ordinary character (`27" screen`); text after a closing quote
 * makes the record malformed; a quoted value that runs past MAX_QUOTED_LINES lines or MAX_QUOTED_BYTES (or
 * to the end of the file) is a stray quote: its line is reported and reading resumes on the next line.
 */
export class CsvTokenizer extends RecordReader {
  private readonly delim: number;
  private readonly quote: number;
  /** 1 for bytes that end an unquoted field (delimiter, LF, CR): one table load per byte in the hot loop. */
  private readonly stops = new Uint8Array(256);
  private readonly onRecord: (record: CsvRecord) => void;
  private readonly record: CsvRecord;
  /** Unquoted copy of a record that contained doubled quotes. */
  private scratch = new Uint8Array(256);

  constructor(options: CsvTokenizerOptions) {
    super(options.maxRecordBytes, options.onError, options.skipLines);
    this.delim = options.delimiter.charCodeAt(0);
    this.quote = (options.quote ?? '"').charCodeAt(0);
    this.stops[this.delim] = this.stops[LF] = this.stops[CR] = 1;
    this.onRecord = options.onRecord;
    this.record = new CsvRecord(options.encoding ?? 'utf-8');
  }

  protected parse(data: Uint8Array, pos: number, final: boolean): number {
    const n = data.length;
    const delim = this.delim;
    const quote = this.quote;
    const stops = this.stops;
    const record = this.record;
    let starts = record.starts;
    let ends = record.ends;

    records: while (pos < n) {
      let i = pos;
      let b = data[i]!;
      if (b === LF) {
        this.line++;
        this.afterBlank = true;
        pos = i + 1;
        continue;
      }
      if (b === CR) {
        if (i + 1 < n) pos = data[i + 1] === LF ? i + 2 : i + 1;
        else if (final) pos = n;
        else return pos;
        this.line++;
        this.afterBlank = true;
        continue;
      }

      let field = 0;
      let breaks = 0;
      let unescape = false;
      let malformed = false;
      let stray = false;
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
            // Unclosed so far: wait for more data, unless the value already runs past its bounds.
            if (i >= n || (i + 1 >= n && !final)) {
              if ((i >= n && final) || breaks > MAX_QUOTED_LINES || i - pos > this.maxQuotedBytes) {
                stray = true;
                break;
              }
              return pos;
            }
            if (data[i + 1] === quote) {
              unescape = true;
              i += 2;
              continue;
            }
            ends[field] = i;
            i++;
            break;
          }
          if (stray || breaks > MAX_QUOTED_LINES || i - pos > this.maxQuotedBytes) {
            stray = true;
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
        i = scanUnquoted(data, i, n, stops);
        ends[field] = i;
        b = i < n ? data[i]! : 0;
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

      if (stray || (malformed && breaks > 0)) {
        // Reading resumes on the line after the one the record started on: only that line is lost.
        const resume = this.nextLine(data, pos, final);
        if (resume < 0) return pos;
        const line = this.line++;
        if (stray) this.strayQuote(line);
        else this.unclosedOnLine(line);
        this.afterBlank = false;
        pos = resume;
        continue records;
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
        this.reportOversized(line, this.line - 1);
      } else {
        record.line = line;
        record.count = field + 1;
        if (unescape) this.unescapeRecord(data);
        else record.bytes = data;
        record.afterBlank = this.afterBlank;
        this.onRecord(record);
        this.afterBlank = isBlankRecord(record);
        pos = next;
        continue records;
      }
      this.afterBlank = false;
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

const SPACE = 0x20;
const TAB = 0x09;

function isBlankRecord(record: CsvRecord): boolean {
  const { bytes, starts, ends } = record;
  for (let f = 0; f < record.count; f++) {
    for (let i = starts[f]!; i < ends[f]!; i++) if (bytes[i] !== SPACE && bytes[i] !== TAB) return false;
  }
  return true;
}

function grow(a: Int32Array): Int32Array {
  const g = new Int32Array(a.length * 2);
  g.set(a);
  return g;
}
