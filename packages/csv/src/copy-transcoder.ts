import { DEFAULT_FORMAT, NOT_FIT, quoteValue } from './convert';
import type { CopyOutput } from './copy-output';
import { decodeBytes } from './decode';
import type { InferredColumn } from './infer';
import { CR, LF, MAX_QUOTED_LINES, RecordReader } from './record-reader';
import { scanUnquoted } from './scan';
import type { CsvDialect, RowError } from './types';
import { markByte } from './values/number';
import { TEXT_SPECIAL, consumed, writeSpecial } from './values/text';
import type { DateFormat } from './values/temporal';
import { isTotalsValue, mayStartLabel } from './values/totals';
import { KIND_CODES, KIND_TEXT, writeTypedValue } from './values/write-value';

const SPACE = 0x20;
const TAB = 0x09;
const BACKSLASH = 0x5c;
/** A field past the header's columns: scanned for the count, never written. */
const KIND_EXTRA = -1;
const KIND_INTEGER = KIND_CODES.integer;
const KIND_DECIMAL = KIND_CODES.decimal;
const MINUS = 0x2d;

/** Byte classes of an unquoted text field: copied, ending the field, or needing writeSpecial. */
const PLAIN = 0;
const STOP = 1;
const SPECIAL = 2;

function isBlank(data: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (data[i] !== SPACE && data[i] !== TAB) return false;
  return true;
}

export interface CopyTranscoderOptions {
  columns: readonly InferredColumn[];
  dialect: CsvDialect;
  out: CopyOutput;
  /** Records to drop at the start (the header). */
  skipRecords: number;
  maxRecordBytes?: number | undefined;
  /** Preamble lines to drop before the header. */
  skipLines?: number | undefined;
  onError: (error: RowError) => void;
}

/**
 * CSV bytes straight to COPY text in one pass: text fields are copied while they are scanned, typed fields
 * are parsed from their byte range. Produces exactly what CsvTokenizer followed by createRowConverter
 * would (a test holds them together), about twice as fast.
 */
export class CopyTranscoder extends RecordReader {
  rows = 0;
  blankRows = 0;
  /** Totals rows under the data, left out. */
  totalsRows = 0;
  private skipRecords: number;
  private readonly out: CopyOutput;
  private readonly columns: readonly InferredColumn[];
  private readonly delim: number;
  private readonly quote: number;
  private readonly latin1: boolean;
  private readonly stops = new Uint8Array(256);
  private readonly textClass = new Uint8Array(256);
  /** The same inside quotes, where only the quote ends the field. */
  private readonly quotedClass = new Uint8Array(256);
  private readonly kinds: Int32Array;
  private readonly marks: Int32Array;
  private readonly formats: DateFormat[];

  constructor(options: CopyTranscoderOptions) {
    super(options.maxRecordBytes, options.onError, options.skipLines);
    const { dialect, columns } = options;
    this.out = options.out;
    this.columns = columns;
    this.skipRecords = options.skipRecords;
    this.delim = dialect.delimiter.charCodeAt(0);
    this.quote = dialect.quote.charCodeAt(0);
    this.latin1 = dialect.encoding === 'latin1';
    this.stops[this.delim] = this.stops[LF] = this.stops[CR] = 1;
    for (let b = 0; b < 256; b++) {
      this.textClass[b] = this.stops[b] ? STOP : TEXT_SPECIAL[b] ? SPECIAL : PLAIN;
      this.quotedClass[b] = b === this.quote ? STOP : TEXT_SPECIAL[b] ? SPECIAL : PLAIN;
    }
    this.kinds = Int32Array.from(columns, (c) => KIND_CODES[c.type]);
    this.marks = Int32Array.from(columns, (c) => markByte(c.decimalMark ?? '.'));
    this.formats = columns.map((c) => c.format ?? DEFAULT_FORMAT);
  }

  protected parse(data: Uint8Array, pos: number, final: boolean): number {
    const n = data.length;
    const out = this.out;
    // Every input byte yields at most three output bytes (see writeSpecial; `,` → `\t\N`), plus a line end.
    out.ensure((n - pos) * 3 + 64);
    const buf = out.buf;
    let o = out.pos;
    const delim = this.delim;
    const quote = this.quote;
    const latin1 = this.latin1;
    const stops = this.stops;
    const textClass = this.textClass;
    const quotedClass = this.quotedClass;
    const kinds = this.kinds;
    const count = kinds.length;
    const maxQuoted = this.maxQuotedBytes;

    while (pos < n) {
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
        else break;
        this.line++;
        this.afterBlank = true;
        continue;
      }

      const mark = o;
      let field = 0;
      let breaks = 0;
      let nulls = 0;
      let extraNulls = 0;
      let malformed = false;
      let bad = -1;
      let badStart = 0;
      let badEnd = 0;
      let incomplete = false;
      let stray = false;
      fields: for (;;) {
        const kind = field < count ? kinds[field]! : KIND_EXTRA;
        if (field > 0 && kind !== KIND_EXTRA) buf[o++] = TAB;
        if (i < n && data[i] === quote) {
          i++;
          const s = i;
          let doubled = false;
          if (kind === KIND_TEXT) {
            // Copied while scanned, like unquoted text; a doubled quote stands for one.
            const o0 = o;
            for (;;) {
              while (i < n) {
                if (i + 4 <= n) {
                  const b0 = data[i]!;
                  const b1 = data[i + 1]!;
                  const b2 = data[i + 2]!;
                  const b3 = data[i + 3]!;
                  if ((quotedClass[b0]! | quotedClass[b1]! | quotedClass[b2]! | quotedClass[b3]!) === PLAIN) {
                    buf[o] = b0;
                    buf[o + 1] = b1;
                    buf[o + 2] = b2;
                    buf[o + 3] = b3;
                    o += 4;
                    i += 4;
                    continue;
                  }
                }
                b = data[i]!;
                const c = quotedClass[b];
                if (c === PLAIN) {
                  buf[o++] = b;
                  i++;
                  continue;
                }
                if (c === STOP) break;
                if (b === LF) breaks++;
                else if (b === CR && i + 1 < n && data[i + 1] !== LF) breaks++;
                o = writeSpecial(data, i, n, latin1, buf, o);
                i += consumed;
              }
              if (i >= n || (i + 1 >= n && !final)) {
                if ((i >= n && final) || breaks > MAX_QUOTED_LINES || i - pos > maxQuoted) stray = true;
                else incomplete = true;
                break fields;
              }
              if (i + 1 < n && data[i + 1] === quote) {
                buf[o++] = quote;
                i += 2;
                continue;
              }
              break;
            }
            if (i === s || ((data[s] === SPACE || data[s] === TAB) && isBlank(data, s, i))) {
              nulls++;
              o = o0;
              buf[o++] = BACKSLASH;
              buf[o++] = 0x4e;
            }
            i++;
          } else {
            for (;;) {
              while (i < n) {
                b = data[i]!;
                if (b === quote) break;
                if (b === LF) breaks++;
                else if (b === CR && i + 1 < n && data[i + 1] !== LF) breaks++;
                i++;
              }
              if (i >= n || (i + 1 >= n && !final)) {
                if ((i >= n && final) || breaks > MAX_QUOTED_LINES || i - pos > maxQuoted) stray = true;
                else incomplete = true;
                break fields;
              }
              if (i + 1 < n && data[i + 1] === quote) {
                doubled = true;
                i += 2;
                continue;
              }
              break;
            }
            const e = i;
            i++;
            let ts = s;
            let te = e;
            while (ts < te && (data[ts] === SPACE || data[ts] === TAB)) ts++;
            while (te > ts && (data[te - 1] === SPACE || data[te - 1] === TAB)) te--;
            if (ts === te) {
              nulls++;
              if (kind !== KIND_EXTRA) {
                buf[o++] = BACKSLASH;
                buf[o++] = 0x4e;
              } else {
                extraNulls++;
              }
            } else if (kind !== KIND_EXTRA) {
              // A typed value never contains a quote.
              const next = doubled
                ? -1
                : writeTypedValue(
                    kind,
                    data,
                    ts,
                    te,
                    this.marks[field]!,
                    this.formats[field]!,
                    latin1,
                    buf,
                    o,
                  );
              if (next < 0) {
                if (bad < 0) {
                  bad = field;
                  badStart = ts;
                  badEnd = te;
                }
              } else {
                o = next;
              }
            }
          }
          if (breaks > MAX_QUOTED_LINES || i - pos > maxQuoted) {
            stray = true;
            break;
          }
          if (i >= n) {
            if (!final) incomplete = true;
            break;
          }
          b = data[i]!;
          if (b === delim) {
            field++;
            i++;
            continue;
          }
          if (b === LF || b === CR) break;
          malformed = true;
          while (i < n) {
            b = data[i]!;
            if (b === LF || b === CR) break;
            i++;
          }
          if (i >= n && !final) incomplete = true;
          break;
        }

        const s = i;
        if (kind === KIND_TEXT) {
          const o0 = o;
          for (;;) {
            // Four plain bytes at a time while they last: half the branches of a byte loop.
            if (i + 4 <= n) {
              const b0 = data[i]!;
              const b1 = data[i + 1]!;
              const b2 = data[i + 2]!;
              const b3 = data[i + 3]!;
              if ((textClass[b0]! | textClass[b1]! | textClass[b2]! | textClass[b3]!) === PLAIN) {
                buf[o] = b0;
                buf[o + 1] = b1;
                buf[o + 2] = b2;
                buf[o + 3] = b3;
                o += 4;
                i += 4;
                continue;
              }
            }
            if (i >= n) break;
            b = data[i]!;
            const c = textClass[b];
            if (c === PLAIN) {
              buf[o++] = b;
              i++;
            } else if (c === STOP) {
              break;
            } else {
              o = writeSpecial(data, i, n, latin1, buf, o);
              i += consumed;
            }
          }
          if (i === s || ((data[s] === SPACE || data[s] === TAB) && isBlank(data, s, i))) {
            nulls++;
            o = o0;
            buf[o++] = BACKSLASH;
            buf[o++] = 0x4e;
          }
        } else if (!this.fastNumber(data, i, n, kind, field, o)) {
          i = scanUnquoted(data, i, n, stops);
          let ts = s;
          let te = i;
          while (ts < te && (data[ts] === SPACE || data[ts] === TAB)) ts++;
          while (te > ts && (data[te - 1] === SPACE || data[te - 1] === TAB)) te--;
          if (ts === te) {
            nulls++;
            if (kind !== KIND_EXTRA) {
              buf[o++] = BACKSLASH;
              buf[o++] = 0x4e;
            } else {
              extraNulls++;
            }
          } else if (kind !== KIND_EXTRA) {
            const next = writeTypedValue(
              kind,
              data,
              ts,
              te,
              this.marks[field]!,
              this.formats[field]!,
              latin1,
              buf,
              o,
            );
            if (next < 0) {
              if (bad < 0) {
                bad = field;
                badStart = ts;
                badEnd = te;
              }
            } else {
              o = next;
            }
          }
        } else {
          i = this.fastEnd;
          o = this.fastOut;
        }
        if (i >= n) {
          if (!final) incomplete = true;
          break;
        }
        if (data[i] === delim) {
          field++;
          i++;
          continue;
        }
        break;
      }
      if (incomplete) {
        o = mark;
        break;
      }
      if (stray || (malformed && breaks > 0)) {
        // As the tokenizer: only the line the record started on is lost; reading resumes on the next.
        o = mark;
        const resume = this.nextLine(data, pos, final);
        if (resume < 0) break;
        const line = this.line++;
        if (stray) this.strayQuote(line);
        else this.unclosedOnLine(line);
        this.afterBlank = false;
        pos = resume;
        continue;
      }

      // i is at the line ending (or the data's end when final).
      let next = i;
      if (i < n) {
        if (data[i] === CR) {
          if (i + 1 < n) next = data[i + 1] === LF ? i + 2 : i + 1;
          else if (final) next = n;
          else {
            o = mark;
            break;
          }
        } else {
          next = i + 1;
        }
      }

      const line = this.line;
      this.line += breaks + 1;
      let fields = field + 1;
      // One empty value past the last column: exports that end every line with a delimiter.
      if (fields === count + 1 && extraNulls === 1) {
        fields = count;
        nulls--;
      }
      o = this.finishRecord(
        data,
        pos,
        mark,
        o,
        line,
        fields,
        nulls,
        malformed,
        i - pos,
        bad,
        badStart,
        badEnd,
      );
      pos = next;
    }
    out.pos = o;
    return pos;
  }

  /** Whether the record starting at data[start] is a totals row (see isTotalsValue). */
  private firstIsTotals(data: Uint8Array, start: number, afterBlank: boolean): boolean {
    const quoted = data[start] === this.quote;
    const s = quoted ? start + 1 : start;
    let k = s;
    while (data[k] === SPACE || data[k] === TAB) k++;
    if (!afterBlank && !mayStartLabel(data[k])) return false;
    let e = s;
    if (quoted) {
      while (e < data.length && data[e] !== this.quote) e++;
      // `"Total"x` or `"Total""…"` is not the bare label.
      if (e + 1 < data.length && this.stops[data[e + 1]!] === 0) return false;
    } else {
      e = scanUnquoted(data, s, data.length, this.stops);
    }
    return isTotalsValue(data, s, e, afterBlank);
  }

  /** Where the last successful fastNumber left the input and output. */
  private fastEnd = 0;
  private fastOut = 0;

  /**
   * The usual integer or decimal (`-123`, `1234.50` with the column's mark) copied while scanned; false
   * (nothing consumed) for anything else, which the general path then reads.
   */
  private fastNumber(
    data: Uint8Array,
    i: number,
    n: number,
    kind: number,
    field: number,
    o: number,
  ): boolean {
    if (kind !== KIND_INTEGER && kind !== KIND_DECIMAL) return false;
    const buf = this.out.buf;
    const mark = kind === KIND_DECIMAL ? this.marks[field]! : -1;
    let seenMark = false;
    if (i < n && data[i] === MINUS) {
      buf[o++] = MINUS;
      i++;
    }
    const start = i;
    let digits = 0;
    for (; i < n; i++) {
      const b = data[i]!;
      if (b >= 0x30 && b <= 0x39) {
        buf[o++] = b;
        digits++;
      } else if (b === mark && !seenMark) {
        buf[o++] = 0x2e;
        seenMark = true;
      } else {
        break;
      }
    }
    // Ends at a delimiter or line end; 19 digits and more go through the bigint range check.
    if (digits === 0 || i >= n || this.stops[data[i]!] === 0 || (kind === KIND_INTEGER && i - start >= 19)) {
      return false;
    }
    this.fastEnd = i;
    this.fastOut = o;
    return true;
  }

  /** Decides what becomes of a parsed record; returns the output offset (mark when nothing is kept). */
  private finishRecord(
    data: Uint8Array,
    start: number,
    mark: number,
    o: number,
    line: number,
    fields: number,
    nulls: number,
    malformed: boolean,
    size: number,
    bad: number,
    badStart: number,
    badEnd: number,
  ): number {
    const count = this.kinds.length;
    const afterBlank = this.afterBlank;
    this.afterBlank = false;
    if (this.skipRecords > 0) {
      this.skipRecords--;
      return mark;
    }
    if (malformed) {
      this.onError({ line, reason: `Line ${line}: unexpected text after a closing quote` });
      return mark;
    }
    if (size > this.maxRecordBytes) {
      this.reportOversized(line, this.line - 1);
      return mark;
    }
    if (nulls === fields) {
      this.blankRows++;
      this.afterBlank = true;
      return mark;
    }
    if (this.firstIsTotals(data, start, afterBlank)) {
      this.totalsRows++;
      return mark;
    }
    if (fields !== count) {
      this.onError({ line, reason: `Line ${line}: expected ${count} values, found ${fields}` });
      return mark;
    }
    if (bad >= 0) {
      const column = this.columns[bad]!;
      const value = decodeBytes(data, badStart, badEnd, this.latin1 ? 'latin1' : 'utf-8').replaceAll(
        String.fromCharCode(this.quote).repeat(2),
        String.fromCharCode(this.quote),
      );
      this.onError({
        line,
        reason: `Line ${line}: ${quoteValue(value)} in column "${column.display_name}" ${NOT_FIT[column.type]}`,
      });
      return mark;
    }
    this.out.buf[o] = LF;
    this.rows++;
    return o + 1;
  }
}
