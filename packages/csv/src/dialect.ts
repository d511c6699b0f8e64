/**
 * Sniffing: encoding, delimiter, quote and line ending from the first chunk of a file (up to about 1 MB,
 * possibly cut mid-row or mid-character).
 */

export type CsvEncoding = 'utf-8' | 'latin1';
export type Delimiter = ',' | ';' | '\t' | '|';

export interface CsvDialect {
  encoding: CsvEncoding;
  /** The file starts with a UTF-8 byte order mark (skipped when reading). */
  bom: boolean;
  delimiter: Delimiter;
  quote: '"' | "'";
  lineEnding: '\n' | '\r\n' | '\r';
}

export type SniffErrorCode = 'empty' | 'binary';

export class CsvSniffError extends Error {
  readonly code: SniffErrorCode;
  constructor(code: SniffErrorCode, message: string) {
    super(message);
    this.name = 'CsvSniffError';
    this.code = code;
  }
}

/** True when the bytes are valid UTF-8, forgiving one sequence cut off at the very end. */
export function isUtf8(bytes: Uint8Array): boolean {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) need = 2;
    else if (b >= 0xf0 && b <= 0xf4) need = 3;
    else return false;
    if (i + need > n - 1) {
      // Cut at the chunk's end: fine if what is there so far is well formed.
      for (let k = i + 1; k < n; k++) if ((bytes[k]! & 0xc0) !== 0x80) return false;
      return true;
    }
    for (let k = 1; k <= need; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return false;
    i += need + 1;
  }
  return true;
}

const DELIMITERS: Delimiter[] = [',', ';', '\t', '|'];

/** Field counts per line for a delimiter, honouring quotes, over the first lines of the sample. */
function fieldCounts(text: string, delimiter: string, quote: string, maxLines: number): number[] {
  const counts: number[] = [];
  let fields = 1;
  let inQuotes = false;
  let lineHasContent = false;
  for (let i = 0; i < text.length && counts.length < maxLines; i++) {
    const c = text[i]!;
    if (inQuotes) {
      if (c === quote) {
        if (text[i + 1] === quote) i++;
        else inQuotes = false;
      }
      continue;
    }
    if (c === quote) {
      inQuotes = true;
      lineHasContent = true;
    } else if (c === delimiter) {
      fields++;
      lineHasContent = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      if (lineHasContent) counts.push(fields);
      fields = 1;
      lineHasContent = false;
    } else {
      lineHasContent = true;
    }
  }
  return counts;
}

export function sniff(bytes: Uint8Array): CsvDialect {
  if (bytes.length === 0) throw new CsvSniffError('empty', 'The file is empty.');
  const scan = bytes.subarray(0, 65_536);
  if (scan.includes(0))
    throw new CsvSniffError('binary', 'This file is not a CSV text file (it contains binary data).');
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  const encoding: CsvEncoding = isUtf8(body) ? 'utf-8' : 'latin1';
  const text = new TextDecoder(encoding === 'utf-8' ? 'utf-8' : 'windows-1252').decode(
    body.subarray(0, 262_144),
  );
  if (!text.trim()) throw new CsvSniffError('empty', 'The file is empty.');

  const lineEnding = /\r\n/.test(text) ? '\r\n' : !text.includes('\n') && text.includes('\r') ? '\r' : '\n';
  // The delimiter whose field count is the same on the most lines (and above one) wins.
  let best: { delimiter: Delimiter; quote: '"' | "'"; score: number } = {
    delimiter: ',',
    quote: '"',
    score: -1,
  };
  for (const quote of ['"', "'"] as const) {
    for (const delimiter of DELIMITERS) {
      const counts = fieldCounts(text, delimiter, quote, 200);
      // The last counted line may be cut off by the chunk's end.
      const lines = counts.length > 2 ? counts.slice(0, -1) : counts;
      if (lines.length === 0) continue;
      const header = lines[0]!;
      if (header < 2) continue;
      const same = lines.filter((n) => n === header).length;
      const score = (same / lines.length) * 1000 + Math.min(header, 50) + (quote === '"' ? 0.5 : 0);
      if (score > best.score) best = { delimiter, quote, score };
    }
  }
  return { encoding, bom, delimiter: best.delimiter, quote: best.quote, lineEnding };
}
