import type { SampleColumn, SampleTable, SampleValue } from './table';

const NEEDS_QUOTES = /[",\r\n]/;

function quote(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV field: decimals at their scale, null as an empty field, text quoted only when it must be. */
export function csvField(value: SampleValue, column?: SampleColumn): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    return column?.type === 'decimal' && column.scale !== undefined
      ? value.toFixed(column.scale)
      : String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return quote(value);
}

type FieldWriter = (value: SampleValue) => string;

/** Remembers the written form of a column's repeated texts (channels, countries) until it sees many distinct ones. */
function fieldWriter(column: SampleColumn): FieldWriter {
  const seen = new Map<string, string>();
  let remembering = true;
  return (value) => {
    if (typeof value !== 'string') return csvField(value, column);
    if (!remembering) return quote(value);
    let written = seen.get(value);
    if (written === undefined) {
      written = quote(value);
      seen.set(value, written);
      if (seen.size > 256) {
        remembering = false;
        seen.clear();
      }
    }
    return written;
  };
}

/**
 * The table as CSV text (RFC 4180 quoting, '\n' line ends, a header line), in chunks of about
 * `chunkSize` characters so a caller can stream it to a file or a request without holding it all.
 */
export function* toCsv(table: SampleTable, options: { chunkSize?: number } = {}): Generator<string> {
  const chunkSize = options.chunkSize ?? 65_536;
  const writers = table.columns.map(fieldWriter);
  const width = writers.length;
  let lines: string[] = [table.columns.map((column) => quote(column.name)).join(',')];
  let size = 0;
  for (const row of table.rows()) {
    let line = '';
    for (let i = 0; i < width; i++) {
      const write = writers[i];
      if (i > 0) line += ',';
      if (write) line += write(row[i] ?? null);
    }
    lines.push(line);
    size += line.length + 1;
    if (size >= chunkSize) {
      yield `${lines.join('\n')}\n`;
      lines = [];
      size = 0;
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}
