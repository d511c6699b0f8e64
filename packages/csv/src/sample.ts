import { inferColumns, type InferredColumn, type InferOptions } from './infer';
import { sniff } from './sniff';
import { CsvTokenizer } from './tokenizer';
import type { CsvDialect, RowError } from './types';

export interface CsvSample {
  header: string[];
  records: string[][];
  /** Malformed records met in the sample. */
  errors: RowError[];
}

export interface ReadSampleOptions {
  /** Records to read after the header (1000 by default). */
  maxRecords?: number;
  /** The bytes are the whole file, so the last line counts even without a line break. */
  wholeFile?: boolean;
}

/** Decodes the header and the first records of the start of a file; a record cut by its end is left out. */
export function readSample(
  bytes: Uint8Array,
  dialect: CsvDialect,
  options: ReadSampleOptions = {},
): CsvSample {
  const maxRecords = options.maxRecords ?? 1000;
  const sample: CsvSample = { header: [], records: [], errors: [] };
  let seenHeader = false;
  const tokenizer = new CsvTokenizer({
    delimiter: dialect.delimiter,
    quote: dialect.quote,
    encoding: dialect.encoding,
    onRecord: (record) => {
      if (!seenHeader) {
        seenHeader = true;
        sample.header = record.fields();
      } else if (sample.records.length < maxRecords) {
        sample.records.push(record.fields());
      }
    },
    onError: (error) => sample.errors.push(error),
  });
  tokenizer.push(bytes);
  if (options.wholeFile || !seenHeader) tokenizer.end();
  return sample;
}

export interface CsvInspection {
  dialect: CsvDialect;
  columns: InferredColumn[];
  sample: CsvSample;
}

/**
 * Sniffs the start of a file, reads its sample and infers the columns: what the web app shows before
 * upload and what the server stores with the import. Throws CsvSniffError when the file is not CSV.
 */
export function inspectCsv(
  bytes: Uint8Array,
  options: ReadSampleOptions & Pick<InferOptions, 'taken'> = {},
): CsvInspection {
  const dialect = sniff(bytes);
  const sample = readSample(bytes, dialect, options);
  const columns = inferColumns(sample.header, sample.records, {
    delimiter: dialect.delimiter,
    taken: options.taken,
  });
  return { dialect, columns, sample };
}
