import { CopyOutput, DEFAULT_FLUSH_BYTES } from './copy-output';
import { CopyTranscoder } from './copy-transcoder';
import type { InferredColumn } from './infer';
import { RowErrorLog } from './row-errors';
import type { CsvDialect } from './types';

export interface CsvToCopyOptions {
  dialect: CsvDialect;
  columns: readonly InferredColumn[];
  /** The first record is the header and is not imported (default true). */
  header?: boolean;
  /** Preamble lines above the header to drop (CsvSample.preambleLines). */
  skipLines?: number;
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
  /** Totals rows under the data ("Total" first, or an empty first value after a blank line), left out. */
  readonly totalsRows: number;
  readonly errors: RowErrorLog;
}

/**
 * File bytes in, PostgreSQL COPY text (FORMAT text) chunks out, with bad rows reported to `errors`
 * by line. Memory stays bounded by the chunk and record sizes, whatever the file size.
 */
export function createCsvToCopy(options: CsvToCopyOptions): CsvToCopy {
  const errors = options.errors ?? new RowErrorLog();
  const out = new CopyOutput(options.flushBytes);
  const sliceBytes = options.flushBytes ?? DEFAULT_FLUSH_BYTES;
  const transcoder = new CopyTranscoder({
    columns: options.columns,
    dialect: options.dialect,
    out,
    skipRecords: (options.header ?? true) ? 1 : 0,
    skipLines: options.skipLines,
    maxRecordBytes: options.maxRecordBytes,
    onError: (error) => errors.add(error),
  });

  return {
    push(chunk) {
      // Large chunks go in slices, so output chunks stay near flushBytes and the output buffer small.
      for (let at = 0; at < chunk.length; at += sliceBytes) {
        transcoder.push(chunk.subarray(at, Math.min(at + sliceBytes, chunk.length)));
        out.flushIfFull();
      }
      return out.take();
    },
    end() {
      transcoder.end();
      out.flush();
      return out.take();
    },
    get rows() {
      return transcoder.rows;
    },
    get blankRows() {
      return transcoder.blankRows;
    },
    get totalsRows() {
      return transcoder.totalsRows;
    },
    errors,
  };
}
