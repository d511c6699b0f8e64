import type { CsvDialect } from './dialect';

/** A row that could not be read or converted, with its 1-based line in the file (the header is line 1). */
export interface RowError {
  line: number;
  reason: string;
}

export interface RecordBatch {
  rows: string[][];
  /** The file line each row starts on. */
  lines: number[];
  malformed: RowError[];
}

export interface CsvReaderOptions {
  /** A record longer than this (an unterminated quote, say) is reported and skipped; memory stays bounded. */
  maxRecordChars?: number;
}

const LF = 10;
const CR = 13;

/**
 * An incremental CSV reader: push byte chunks cut anywhere (inside a quote, between CR and LF, inside a
 * multi-byte character), get complete records back. Chunks are decoded as a whole and scanned with
 * charCodeAt, which is far faster than decoding field by field.
 */
export class CsvReader {
  private readonly decoder: InstanceType<typeof TextDecoder>;
  private readonly delimiter: number;
  private readonly quote: number;
  private readonly quoteChar: string;
  private readonly maxRecordChars: number;
  private carry = '';
  /** Line of the first character of `carry`. */
  private carryLine = 1;
  private skippedBom: boolean;

  constructor(dialect: CsvDialect, options: CsvReaderOptions = {}) {
    this.decoder = new TextDecoder(dialect.encoding === 'utf-8' ? 'utf-8' : 'windows-1252', {
      ignoreBOM: true,
    });
    this.delimiter = dialect.delimiter.charCodeAt(0);
    this.quote = dialect.quote.charCodeAt(0);
    this.quoteChar = dialect.quote;
    this.maxRecordChars = options.maxRecordChars ?? 1_048_576;
    this.skippedBom = !dialect.bom;
  }

  push(chunk: Uint8Array): RecordBatch {
    let text = this.decoder.decode(chunk, { stream: true });
    if (!this.skippedBom && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.skippedBom = true;
    }
    return this.scan(this.carry + text, false);
  }

  end(): RecordBatch {
    const rest = this.decoder.decode();
    return this.scan(this.carry + rest, true);
  }

  private scan(text: string, final: boolean): RecordBatch {
    const out: RecordBatch = { rows: [], lines: [], malformed: [] };
    const n = text.length;
    const d = this.delimiter;
    const q = this.quote;
    let line = this.carryLine;
    let i = 0;
    let recordStart = 0;
    let recordLine = line;
    let fields: string[] = [];
    let fieldStart = 0;
    let quoted = false;
    let inQuotes = false;
    let doubled = false;
    let stray = false;

    const endField = (end: number) => {
      if (quoted) {
        let value = text.slice(fieldStart + 1, end);
        // The closing quote is the last quote before end; anything after it is kept as written.
        const close = value.lastIndexOf(this.quoteChar);
        if (close >= 0 && close === value.length - 1) value = value.slice(0, -1);
        fields.push(doubled ? value.split(this.quoteChar + this.quoteChar).join(this.quoteChar) : value);
      } else {
        fields.push(text.slice(fieldStart, end));
      }
      quoted = false;
      doubled = false;
    };
    const endRecord = () => {
      // A blank line is no record.
      if (!(fields.length === 1 && fields[0] === '' && !stray)) {
        if (stray)
          out.malformed.push({
            line: recordLine,
            reason: `Line ${recordLine}: a quote appears inside a value that is not quoted`,
          });
        else {
          out.rows.push(fields);
          out.lines.push(recordLine);
        }
      }
      fields = [];
      stray = false;
    };

    while (i < n) {
      const c = text.charCodeAt(i);
      if (inQuotes) {
        if (c === q) {
          if (i + 1 < n && text.charCodeAt(i + 1) === q) {
            doubled = true;
            i += 2;
            continue;
          }
          if (i + 1 >= n && !final) break; // a doubled quote may continue in the next chunk
          inQuotes = false;
        } else if (c === LF) line++;
        else if (c === CR && (i + 1 >= n || text.charCodeAt(i + 1) !== LF)) line++;
        i++;
        if (i - recordStart > this.maxRecordChars) {
          out.malformed.push({
            line: recordLine,
            reason: `Line ${recordLine}: a quoted value is never closed`,
          });
          // Start again at the line after the one the broken record began on.
          const next = text.indexOf('\n', recordStart);
          i = next < 0 ? n : next + 1;
          line = recordLine + 1;
          recordStart = i;
          recordLine = line;
          fields = [];
          fieldStart = i;
          inQuotes = false;
          quoted = false;
          doubled = false;
        }
        continue;
      }
      if (c === d) {
        endField(i);
        i++;
        fieldStart = i;
        continue;
      }
      if (c === LF || c === CR) {
        if (c === CR && i + 1 >= n && !final) break; // CRLF split across chunks
        endField(i);
        endRecord();
        i += c === CR && i + 1 < n && text.charCodeAt(i + 1) === LF ? 2 : 1;
        line++;
        recordStart = i;
        recordLine = line;
        fieldStart = i;
        continue;
      }
      if (c === q) {
        if (i === fieldStart) {
          quoted = true;
          inQuotes = true;
        } else if (!quoted) {
          stray = true;
        }
      }
      i++;
    }

    if (final) {
      if (inQuotes) {
        out.malformed.push({
          line: recordLine,
          reason: `Line ${recordLine}: a quoted value is never closed`,
        });
      } else if (recordStart < n) {
        endField(n);
        endRecord();
      }
      this.carry = '';
      this.carryLine = line;
    } else {
      this.carry = text.slice(recordStart);
      this.carryLine = recordLine;
    }
    return out;
  }
}
