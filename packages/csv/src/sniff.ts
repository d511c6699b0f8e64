import { utf8SequenceLength } from './decode';
import { CsvTokenizer } from './tokenizer';
import type { CsvDelimiter, CsvDialect } from './types';

export type CsvSniffErrorCode = 'empty' | 'binary' | 'unsupported_encoding' | 'not_csv' | 'no_columns';

/** Why a file cannot be read as CSV; `message` is written for the merchant. */
export class CsvSniffError extends Error {
  readonly code: CsvSniffErrorCode;
  constructor(code: CsvSniffErrorCode, message: string) {
    super(message);
    this.name = 'CsvSniffError';
    this.code = code;
  }
}

const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t', '|'];
/** Bytes of the sample used to choose the delimiter; enough for hundreds of rows. */
const DELIMITER_SAMPLE_BYTES = 1 << 17;
/** A one-column file is accepted when its header looks like one column name, not a line of prose. */
const MAX_SINGLE_COLUMN_HEADER = 64;

const LF = 0x0a;
const CR = 0x0d;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === LF || b === CR;
}

/** Whether the bytes are valid UTF-8, forgiving a multi-byte character cut by the sample's end. */
function isUtf8(bytes: Uint8Array, from: number): boolean {
  const n = bytes.length;
  for (let i = from; i < n; i++) {
    if (bytes[i]! < 0x80) continue;
    const length = utf8SequenceLength(bytes, i, n);
    if (length > 0) {
      i += length - 1;
      continue;
    }
    return isCutSequence(bytes, i);
  }
  return true;
}

/** A sequence start whose missing bytes lie past the end of the sample. */
function isCutSequence(bytes: Uint8Array, i: number): boolean {
  const lead = bytes[i]!;
  if (lead < 0xc2 || lead > 0xf4) return false;
  const needed = lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
  const present = bytes.length - i;
  if (present >= needed) return false;
  for (let k = 1; k < present; k++) {
    const c = bytes[i + k]!;
    let lo = 0x80;
    let hi = 0xbf;
    if (k === 1 && lead === 0xe0) lo = 0xa0;
    if (k === 1 && lead === 0xed) hi = 0x9f;
    if (k === 1 && lead === 0xf0) lo = 0x90;
    if (k === 1 && lead === 0xf4) hi = 0x8f;
    if (c < lo || c > hi) return false;
  }
  return true;
}

/** Quote characters found at a field's edge (after a line start or separator, or before one). */
function quoteEvidence(bytes: Uint8Array, quote: number): number {
  let score = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== quote) continue;
    const before = i === 0 ? LF : bytes[i - 1]!;
    const after = i + 1 < bytes.length ? bytes[i + 1]! : LF;
    if (isEdge(before) || isEdge(after)) score++;
  }
  return score;
}

function isEdge(b: number): boolean {
  return b === LF || b === CR || b === 0x2c || b === 0x3b || b === 0x09 || b === 0x7c;
}

interface Candidate {
  delimiter: CsvDelimiter;
  /** Most common field count. */
  columns: number;
  /** Share of records with that count. */
  consistency: number;
  headerMatches: boolean;
}

function fieldCounts(sample: Uint8Array, delimiter: CsvDelimiter, quote: CsvDialect['quote']): number[] {
  const counts: number[] = [];
  const tokenizer = new CsvTokenizer({
    delimiter,
    quote,
    maxRecordBytes: sample.length + 1,
    onRecord: (r) => counts.push(r.count),
    onError: () => counts.push(0),
  });
  tokenizer.push(sample);
  // The record cut by the sample's end stays unread unless nothing else was.
  if (counts.length < 2) tokenizer.end();
  return counts;
}

function evaluate(sample: Uint8Array, delimiter: CsvDelimiter, quote: CsvDialect['quote']): Candidate {
  const counts = fieldCounts(sample, delimiter, quote);
  const frequency = new Map<number, number>();
  for (const c of counts) frequency.set(c, (frequency.get(c) ?? 0) + 1);
  let columns = 0;
  let best = 0;
  for (const [c, f] of frequency) {
    if (f > best || (f === best && c > columns)) {
      columns = c;
      best = f;
    }
  }
  return {
    delimiter,
    columns,
    consistency: counts.length === 0 ? 0 : best / counts.length,
    headerMatches: counts[0] === columns,
  };
}

function better(a: Candidate, b: Candidate): boolean {
  if (a.consistency !== b.consistency) return a.consistency > b.consistency;
  if (a.headerMatches !== b.headerMatches) return a.headerMatches;
  return a.columns > b.columns;
}

function lineEndingOf(bytes: Uint8Array, from: number, quote: number): CsvDialect['lineEnding'] {
  let quoted = false;
  for (let i = from; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === quote) quoted = !quoted;
    else if (!quoted && b === LF) return '\n';
    else if (!quoted && b === CR) return bytes[i + 1] === LF ? '\r\n' : '\r';
  }
  return '\n';
}

function firstLineLength(bytes: Uint8Array, from: number): number {
  let i = from;
  while (i < bytes.length && bytes[i] !== LF && bytes[i] !== CR) i++;
  return i - from;
}

/**
 * Detects encoding, delimiter, quote and line ending from the start of a file (up to about 1 MB; it may
 * end mid-row or mid-character). Throws CsvSniffError for an empty, binary, UTF-16, HTML/JSON or
 * separator-less file.
 */
export function sniff(bytes: Uint8Array): CsvDialect {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new CsvSniffError(
      'unsupported_encoding',
      'The file is saved as UTF-16; save it as CSV UTF-8 and try again.',
    );
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const from = bom ? 3 : 0;
  let first = from;
  while (first < bytes.length && isSpace(bytes[first]!)) first++;
  if (first === bytes.length) throw new CsvSniffError('empty', 'The file is empty.');
  if (bytes.indexOf(0, from) >= 0) {
    const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
    throw new CsvSniffError(
      'binary',
      zip
        ? 'This looks like an Excel workbook or a zip archive; save it as CSV and try again.'
        : 'The file is not text; export the data as CSV and try again.',
    );
  }
  if (bytes[first] === 0x3c || bytes[first] === 0x7b) {
    throw new CsvSniffError('not_csv', 'The file looks like HTML, XML or JSON, not CSV.');
  }
  const encoding = isUtf8(bytes, from) ? 'utf-8' : 'latin1';

  const body = bytes.subarray(first, Math.min(bytes.length, first + DELIMITER_SAMPLE_BYTES));
  const double = quoteEvidence(body, 0x22);
  const quote: CsvDialect['quote'] = double === 0 && quoteEvidence(body, 0x27) >= 2 ? "'" : '"';

  let best: Candidate | null = null;
  for (const delimiter of DELIMITERS) {
    const candidate = evaluate(body, delimiter, quote);
    if (candidate.columns >= 2 && (best === null || better(candidate, best))) best = candidate;
  }
  const lineEnding = lineEndingOf(bytes, first, quote.charCodeAt(0));
  if (best !== null && best.consistency >= 0.5) {
    return { encoding, bom, delimiter: best.delimiter, quote, lineEnding };
  }
  if (firstLineLength(bytes, first) <= MAX_SINGLE_COLUMN_HEADER) {
    return { encoding, bom, delimiter: ',', quote, lineEnding };
  }
  throw new CsvSniffError(
    'no_columns',
    'No column separator found; values should be separated by commas, semicolons, tabs or pipes.',
  );
}
