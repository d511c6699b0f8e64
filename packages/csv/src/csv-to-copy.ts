import { CopyOutput } from './copy-output';
import { createRowConverter } from './convert';
import type { InferredColumn } from './infer';
import { RowErrorLog } from './row-errors';
import { CsvTokenizer, type CsvRecord } from './tokenizer';
import type { CsvDialect } from './types';

export interface CsvToCopyOptions {
  dialect: CsvDialect;
  columns: readonly InferredColumn[];
  /** The first record is the header and is not imported (default true). */
  header?: boolean;
  maxRecordBytes?: number;
  /** Size of the output chunks (64 KB by default). */
  flushBytes?: number;
  errors?: RowErrorLog;
}

export interface CsvToCopy {
  /** Feeds file bytes; returns the COPY text chunks completed so far. */
  push(chunk: Uint8Array): Uint8Array[];
  /** Ends the file; returns the remaining chunks. */
  end(): Uint8Array[];
  /** Rows written to the COPY text. */
  readonly rows: number;
  /** Records whose values were all empty, skipped. */
  readonly blankRows: number;
  readonly errors: RowErrorLog;
}

/**
 * File bytes in, PostgreSQL COPY text (FORMAT text) chunks out, with bad rows reported to `errors`
 * by line. Memory stays bounded by the chunk and record sizes, whatever the file size.
 */
export function createCsvToCopy(options: CsvToCopyOptions): CsvToCopy {
  const errors = options.errors ?? new RowErrorLog();
  const converter = createRowConverter(options.columns, options.dialect);
  const out = new CopyOutput(options.flushBytes);
  let skipHeader = options.header ?? true;
  let rows = 0;
  let blankRows = 0;

  const onRecord = (record: CsvRecord): void => {
    if (skipHeader) {
      skipHeader = false;
      return;
    }
    const result = converter.convertRecord(record, out);
    if (result === null) {
      rows++;
      out.lineDone();
    } else if (result === 'blank') {
      blankRows++;
    } else {
      errors.add(result);
    }
  };
  const tokenizer = new CsvTokenizer({
    delimiter: options.dialect.delimiter,
    quote: options.dialect.quote,
    encoding: options.dialect.encoding,
    maxRecordBytes: options.maxRecordBytes,
    onRecord,
    onError: (error) => errors.add(error),
  });

  return {
    push(chunk) {
      tokenizer.push(chunk);
      return out.take();
    },
    end() {
      tokenizer.end();
      out.flush();
      return out.take();
    },
    get rows() {
      return rows;
    },
    get blankRows() {
      return blankRows;
    },
    errors,
  };
}
