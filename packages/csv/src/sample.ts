import { inferColumns, type InferredColumn, type InferOptions } from './infer';
import { sniff } from './sniff';
import { CsvTokenizer } from './tokenizer';
import { isTotalsText } from './values/totals';
import type { CsvDialect, RowError } from './types';

export interface CsvSample {
  header: string[];
  records: string[][];
  /** Malformed records met in the sample. */
  errors: RowError[];
  /** Lines above the header that were not part of the table (`#` comments, report titles, blank lines). */
  preambleLines: number;
  /** Totals rows under the data met in the sample, left out of `records`. */
  totalsRows: number;
}

export interface ReadSampleOptions {
  /** Records to read after the header (1000 by default). */
  maxRecords?: number;
  /** The bytes are the whole file, so the last line counts even without a line break. */
  wholeFile?: boolean;
}

/** At most this many records above the header are taken as a preamble. */
const MAX_PREAMBLE_RECORDS = 20;

interface SampledRecord {
  line: number;
  fields: string[];
  afterBlank: boolean;
}

/** Values a record holds, not counting one empty value after the last (lines ending in a delimiter). */
function width(fields: readonly string[]): number {
  return fields.length > 1 && fields[fields.length - 1]!.trim() === '' ? fields.length - 1 : fields.length;
}

/**
 * Index of the header among the first records: past a preamble of `#` lines and short title lines
 * (report name, account, period: at most two values, fewer than the table's usual width).
 */
function headerIndex(records: readonly SampledRecord[]): number {
  const counts = new Map<number, number>();
  for (const r of records) counts.set(width(r.fields), (counts.get(width(r.fields)) ?? 0) + 1);
  let usual = 0;
  let most = 0;
  for (const [w, c] of counts) if (c > most || (c === most && w > usual)) [usual, most] = [w, c];
  if (usual < 3) return 0;
  for (let k = 0; k < Math.min(records.length, MAX_PREAMBLE_RECORDS + 1); k++) {
    const fields = records[k]!.fields;
    const comment = fields[0]!.trimStart().startsWith('#');
    const title = width(fields) < usual && fields.filter((f) => f.trim() !== '').length <= 2;
    if (!comment && !title) return k;
  }
  return 0;
}

/**
 * Decodes the header and the first records of the start of a file; a record cut by its end is left out.
 * A preamble above the header is skipped and counted; totals rows (isTotalsText) are left out and counted.
 */
export function readSample(
  bytes: Uint8Array,
  dialect: CsvDialect,
  options: ReadSampleOptions = {},
): CsvSample {
  const maxRecords = options.maxRecords ?? 1000;
  const sample: CsvSample = { header: [], records: [], errors: [], preambleLines: 0, totalsRows: 0 };
  const read: SampledRecord[] = [];
  const tokenizer = new CsvTokenizer({
    delimiter: dialect.delimiter,
    quote: dialect.quote,
    encoding: dialect.encoding,
    onRecord: (record) => {
      if (read.length <= maxRecords + MAX_PREAMBLE_RECORDS) {
        read.push({ line: record.line, fields: record.fields(), afterBlank: record.afterBlank });
      }
    },
    onError: (error) => sample.errors.push(error),
  });
  tokenizer.push(bytes);
  if (options.wholeFile || read.length === 0) tokenizer.end();
  if (read.length === 0) return sample;
  const h = headerIndex(read);
  sample.header = read[h]!.fields;
  // A header ending in a delimiter (`…;"Kundenreferenz";`) names no last column when no row fills it.
  const last = sample.header.length - 1;
  if (last > 0 && sample.header[last]!.trim() === '') {
    if (read.slice(h + 1).every((r) => (r.fields[last] ?? '').trim() === ''))
      sample.header = sample.header.slice(0, last);
  }
  sample.preambleLines = read[h]!.line - 1;
  sample.errors = sample.errors.filter((e) => e.line > read[h]!.line);
  for (const r of read.slice(h + 1)) {
    if (sample.records.length === maxRecords) break;
    if (r.fields.every((f) => f.trim() === '')) continue;
    if (isTotalsText(r.fields[0]!, r.afterBlank)) sample.totalsRows++;
    else sample.records.push(r.fields);
  }
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
