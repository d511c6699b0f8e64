import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CopyOutput } from './copy-output';
import { createRowConverter } from './convert';
import { createCsvToCopy, type CsvToCopyOptions } from './csv-to-copy';
import type { InferredColumn } from './infer';
import { CsvTokenizer } from './tokenizer';
import type { CsvColumnType, CsvDialect, RowError } from './types';

const DIALECT: CsvDialect = { encoding: 'utf-8', bom: false, delimiter: ',', quote: '"', lineEnding: '\n' };

function column(
  display_name: string,
  type: CsvColumnType,
  extra: Partial<InferredColumn> = {},
): InferredColumn {
  return {
    field_name: display_name.toLowerCase(),
    display_name,
    type,
    nullCount: 0,
    sampleValues: [],
    ...extra,
  };
}

const ORDERS: InferredColumn[] = [
  column('Id', 'integer'),
  column('Created', 'timestamptz', { format: { order: 'ymd', separator: '-' } }),
  column('Product', 'text'),
  column('Total', 'decimal', { decimalMark: '.' }),
  column('Paid', 'boolean'),
];

interface Converted {
  text: string;
  chunks: number;
  rows: number;
  blankRows: number;
  totalsRows: number;
  errors: RowError[];
  errorCount: number;
}

const latin1Bytes = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

function encode(text: string, dialect: CsvDialect): Uint8Array {
  return dialect.encoding === 'latin1' ? latin1Bytes(text) : new TextEncoder().encode(text);
}

function convert(
  input: string | Uint8Array,
  options: Partial<CsvToCopyOptions> = {},
  cuts: number[] = [],
): Converted {
  const dialect = options.dialect ?? DIALECT;
  const bytes = typeof input === 'string' ? encode(input, dialect) : input;
  const converter = createCsvToCopy({ dialect, columns: ORDERS, ...options });
  const chunks: Uint8Array[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    chunks.push(...converter.push(bytes.slice(at, cut)));
    at = cut;
  }
  chunks.push(...converter.end());
  return {
    text: chunks.map((c) => new TextDecoder().decode(c)).join(''),
    chunks: chunks.length,
    rows: converter.rows,
    blankRows: converter.blankRows,
    totalsRows: converter.totalsRows,
    errors: [...converter.errors.first],
    errorCount: converter.errors.count,
  };
}

/** The same conversion through the public tokenizer and row converter, record by record. */
function convertByRecords(
  bytes: Uint8Array,
  dialect: CsvDialect,
  columns: InferredColumn[],
): Omit<Converted, 'chunks'> {
  const converter = createRowConverter(columns, dialect);
  const out = new CopyOutput();
  const result = { rows: 0, blankRows: 0, totalsRows: 0, errors: [] as RowError[] };
  let header = true;
  const tokenizer = new CsvTokenizer({
    ...dialect,
    onRecord: (record) => {
      if (header) {
        header = false;
        return;
      }
      const r = converter.convertRecord(record, out);
      if (r === null) result.rows++;
      else if (r === 'blank') result.blankRows++;
      else if (r === 'totals') result.totalsRows++;
      else result.errors.push(r);
    },
    onError: (e) => result.errors.push(e),
  });
  tokenizer.push(bytes);
  tokenizer.end();
  out.flush();
  const text = out
    .take()
    .map((c) => new TextDecoder().decode(c))
    .join('');
  return { ...result, text, errorCount: result.errors.length };
}

const HEADER = 'id,created,product,total,paid\n';

describe('createCsvToCopy', () => {
  it('skips the header and writes typed COPY text lines', () => {
    const result = convert(
      HEADER +
        '1,2024-03-01T10:00:00Z,"Shirt, blue",12.50,yes\r\n' +
        '2,2024-03-01 14:05:00 -0500,"Say ""hi""\nnow",-3,no\n' +
        '3,,back\\slash\ttab,,\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.text).toBe(
      '1\t2024-03-01 10:00:00+00:00\tShirt, blue\t12.50\tt\n' +
        '2\t2024-03-01 14:05:00-05:00\tSay "hi"\\nnow\t-3\tf\n' +
        '3\t\\N\tback\\\\slash\\ttab\t\\N\t\\N\n',
    );
    expect(result.rows).toBe(3);
  });

  it('reports bad rows with their file line, counting lines inside quoted values', () => {
    const result = convert(
      HEADER +
        '1,2024-03-01,"two\nlines",1,yes\n' +
        '2,2024-03-01,x,abc,yes\n' +
        '\n' +
        '3,2024-02-30,x,1,yes\n' +
        '4,2024-03-01,x\n' +
        '5,2024-03-01,"a""b",1,maybe\n' +
        '6,2024-03-01,ok,1,yes\n',
    );
    expect(result.errors).toEqual([
      { line: 4, reason: 'Line 4: "abc" in column "Total" is not a number' },
      { line: 6, reason: 'Line 6: "2024-02-30" in column "Created" is not a valid date and time' },
      { line: 7, reason: 'Line 7: expected 5 values, found 3' },
      { line: 8, reason: 'Line 8: "maybe" in column "Paid" is not a yes/no value' },
    ]);
    expect(result.rows).toBe(2);
  });

  it('skips rows whose values are all empty, as spreadsheets export them', () => {
    const result = convert(HEADER + ',,,,\n1,,,,\n , ,\n');
    expect(result).toMatchObject({ rows: 1, blankRows: 2, errors: [] });
  });

  it('reads a Latin-1 file and writes UTF-8', () => {
    const dialect: CsvDialect = { ...DIALECT, encoding: 'latin1', delimiter: ';' };
    const result = convert('id;created;product;total;paid\n1;2024-03-01;Caf\u00e9 \u0080;\u00a312,00;y\n', {
      dialect,
      columns: ORDERS.map((c) => (c.type === 'decimal' ? { ...c, decimalMark: ',' } : c)),
    });
    expect(result.errors).toEqual([]);
    expect(result.text).toBe('1\t2024-03-01 00:00:00+00:00\tCafé €\t12.00\tt\n');
  });

  it('replaces invalid UTF-8 so PostgreSQL accepts the text', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(`${HEADER}1,,a`),
      0xff,
      0x62,
      0x2c,
      0x2c,
      0x0a,
    ]);
    expect(convert(bytes).text).toBe('1\t\\N\ta\uFFFDb\t\\N\t\\N\n');
  });

  it('hands out chunks of about the flush size and never loses a row', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `${i},2024-03-01T10:00:00Z,product ${i},${i}.5,yes`);
    const result = convert(HEADER + rows.join('\n'), { flushBytes: 4096 }, [1000, 5000, 30000]);
    expect(result.rows).toBe(2000);
    expect(result.chunks).toBeGreaterThan(10);
    expect(result.text.split('\n')).toHaveLength(2001);
  });

  it('bounds a runaway quote and keeps converting after it', () => {
    const filler = 'x'.repeat(60) + '\n';
    const input = HEADER + '1,,"never closed\n' + filler.repeat(40) + 'tail\n2,,ok,1,yes\n';
    const result = convert(input, { maxRecordBytes: 1024 }, [100, 900, 1700]);
    expect(result.errors[0]!.reason).toMatch(
      /^Line 2: a quote opened in this line is not closed within 100 lines or 1 KB/,
    );
    // The lines after it are read again: each filler line is a short record, reported; nothing is lost unsaid.
    expect(result.errorCount).toBe(1 + 40 + 1);
    for (const error of result.errors.slice(1)) expect(error.reason).toMatch(/expected 5 values, found 1$/);
    expect(result.text).toBe('2\t\\N\tok\t1\tt\n');
  });

  it.each([
    ['comma, UTF-8', DIALECT, '.'],
    ['semicolon, Latin-1, decimal comma', { ...DIALECT, delimiter: ';', encoding: 'latin1' }, ','],
    ['tab, apostrophe quotes', { ...DIALECT, delimiter: '\t', quote: "'" }, '.'],
  ] as const)(
    'writes exactly what the tokenizer and row converter write (%s), wherever the file is cut',
    (_, dialect, mark) => {
      const d = dialect.delimiter;
      const q = dialect.quote;
      const columns = ORDERS.map((c) => (c.type === 'decimal' ? { ...c, decimalMark: mark } : c));
      const values = [
        '',
        ' ',
        '42',
        '-7',
        '9223372036854775808',
        '1,234.50',
        '12,5',
        '1.234,5',
        'abc',
        'true',
        'No',
        '2024-03-01',
        '2024-03-01T10:00:00Z',
        '2024-03-01 14:05:00 -0500',
        '2/30/2024',
        'Café',
        'a"b',
        "it's",
        'x\ny',
        'cr\rlf',
        '\\',
        '\t',
        'é€',
        '$5',
        '  pad  ',
        'a,b',
        'a;b',
        ...(dialect.encoding === 'utf-8' ? ['😀☕'] : []),
      ];
      // Malformed pieces, written as they are: text after a closing quote, an unclosed quote.
      const raw = [`${q}x${q}y`, `${q}open`, `a${q}b`];
      const cell = fc.oneof(
        {
          weight: 12,
          arbitrary: fc.record({
            value: fc.constantFrom(...values),
            quoted: fc.boolean(),
            raw: fc.constant(false),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            value: fc.constantFrom(...raw),
            quoted: fc.constant(false),
            raw: fc.constant(true),
          }),
        },
      );
      const row = fc.array(cell, { minLength: 4, maxLength: 6 });
      fc.assert(
        fc.property(
          fc.array(row, { minLength: 1, maxLength: 8 }),
          fc.constantFrom('\n', '\r\n', '\r'),
          fc.boolean(),
          fc.array(fc.nat(), { maxLength: 4 }),
          (rows, eol, blankLine, rawCuts) => {
            const lines = rows.map((cells) =>
              cells
                .map(({ value, quoted, raw }) =>
                  raw
                    ? value
                    : quoted || value.includes(d) || value.includes(q) || /[\r\n]/.test(value)
                      ? `${q}${value.replaceAll(q, q + q)}${q}`
                      : value,
                )
                .join(d),
            );
            if (blankLine) lines.splice(1, 0, '');
            const bytes = encode(HEADER.replaceAll(',', d) + lines.join(eol), dialect);
            const cuts = rawCuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b);
            const { chunks: _, ...streamed } = convert(bytes, { dialect, columns }, cuts);
            expect(streamed).toEqual(convertByRecords(bytes, dialect, columns));
          },
        ),
        { numRuns: 200 },
      );
    },
  );

  it('accepts lines that end with a delimiter after the last column', () => {
    expect(convert(`${HEADER}1,,x,2,no,\n2,,y,3,yes,\r\n`)).toMatchObject({
      text: '1\t\\N\tx\t2\tf\n2\t\\N\ty\t3\tt\n',
      errors: [],
    });
  });

  it('imports the first record too when the file has no header', () => {
    expect(convert('1,,x,2,no\n', { header: false }).text).toBe('1\t\\N\tx\t2\tf\n');
  });

  it('drops the preamble lines it is told of, wherever the chunks cut, and numbers lines from the file', () => {
    const input = '# Report\r\n# 2024-03\r\n\r\n' + HEADER + '1,,x,2,no\r\nbad,,y,3,yes\r\n';
    for (const cut of [1, 9, 10, 11, 12, 20]) {
      const result = convert(input, { skipLines: 3 }, [cut]);
      expect(result.text).toBe('1\t\\N\tx\t2\tf\n');
      expect(result.errors.map((e) => e.line)).toEqual([6]);
    }
  });

  it('leaves out totals rows: a totals label first, or an empty first value after a blank line', () => {
    const input = `${HEADER}1,,x,2,no\nGrand Total,,,2,\n\n,,,2,\n2,,y,3,yes\n"TOTAL",,,5,\n`;
    const result = convert(input);
    expect(result).toMatchObject({ rows: 2, totalsRows: 3, errors: [] });
    expect(convertByRecords(new TextEncoder().encode(input), DIALECT, ORDERS)).toMatchObject({
      rows: 2,
      totalsRows: 3,
      errors: [],
    });
  });
});
