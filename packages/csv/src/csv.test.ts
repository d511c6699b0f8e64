import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CsvReader,
  CsvSniffError,
  createRowConverter,
  inferColumns,
  normaliseHeader,
  parseDate,
  sniff,
  type CsvDialect,
  type RecordBatch,
} from '.';

const enc = (s: string) => new TextEncoder().encode(s);

function readAll(bytes: Uint8Array, dialect: CsvDialect, cuts: number[] = []): RecordBatch {
  const reader = new CsvReader(dialect, { maxRecordChars: 1000 });
  const all: RecordBatch = { rows: [], lines: [], malformed: [] };
  const add = (b: RecordBatch) => {
    all.rows.push(...b.rows);
    all.lines.push(...b.lines);
    all.malformed.push(...b.malformed);
  };
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    add(reader.push(bytes.subarray(at, cut)));
    at = cut;
  }
  add(reader.end());
  return all;
}

const COMMA: CsvDialect = { encoding: 'utf-8', bom: false, delimiter: ',', quote: '"', lineEnding: '\n' };

describe('CSV reading', () => {
  it.each([
    ['comma', 'a,b,c\n1,2,3\n4,5,6\n', ','],
    ['semicolon with decimal commas', 'a;b;c\n1,5;2,25;x\n3,0;4,5;y\n', ';'],
    ['tab', 'a\tb\tc\n1\t2\t3\n', '\t'],
    ['pipe', 'a|b|c\n1|2|3\n4|5|6\n', '|'],
  ])('sniffs the %s delimiter', (_name, text, delimiter) => {
    expect(sniff(enc(text)).delimiter).toBe(delimiter);
  });

  it('tells UTF-8 (with BOM) from Latin-1', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...enc('name,city\nAna,Köln\n')]);
    expect(sniff(bom)).toMatchObject({ encoding: 'utf-8', bom: true });
    const latin = new Uint8Array([...enc('name,city\nAna,'), 0x43, 0x61, 0x66, 0xe9, 0x0a]);
    const dialect = sniff(latin);
    expect(dialect.encoding).toBe('latin1');
    expect(readAll(latin, dialect).rows[1]).toEqual(['Ana', 'Café']);
    expect(readAll(bom, sniff(bom)).rows[0]).toEqual(['name', 'city']);
  });

  it('refuses empty and binary files', () => {
    expect(() => sniff(new Uint8Array())).toThrow(CsvSniffError);
    expect(() => sniff(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toThrow('binary');
  });

  it('reads quotes with delimiters, newlines and doubled quotes, CRLF and a last line without newline', () => {
    const text = 'id,note,total\r\n1,"Hello, world",2\r\n2,"two\nlines and ""quotes""",3\r\n\r\n3,plain,4';
    const result = readAll(enc(text), { ...COMMA, lineEnding: '\r\n' });
    expect(result.rows).toEqual([
      ['id', 'note', 'total'],
      ['1', 'Hello, world', '2'],
      ['2', 'two\nlines and "quotes"', '3'],
      ['3', 'plain', '4'],
    ]);
    expect(result.lines).toEqual([1, 2, 3, 6]);
  });

  it('gives the same records wherever the chunks are cut', () => {
    const text = 'id,name,note\r\n1,"Zoë ""Z""",é€𝄞\r\n2,"a,\nb",\r3,x,"y"\n';
    const bytes = enc(text);
    const whole = readAll(bytes, COMMA);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 6 }), (cuts) => {
        const parts = readAll(
          bytes,
          COMMA,
          [...cuts].sort((a, b) => a - b),
        );
        expect(parts.rows).toEqual(whole.rows);
        expect(parts.lines).toEqual(whole.lines);
      }),
    );
  });

  it('reports an unterminated quote and a stray one with their lines, and goes on', () => {
    const text = `a,b\n1,2\n3,"never closed\n${'x'.repeat(1200)}\n4,5\n`;
    const result = readAll(enc(text), COMMA);
    expect(result.malformed[0]).toEqual({ line: 3, reason: 'Line 3: a quoted value is never closed' });
    expect(result.rows).toContainEqual(['1', '2']);
    const stray = readAll(enc('a,b\n1,x"y\n2,3\n'), COMMA);
    expect(stray.malformed).toEqual([
      { line: 2, reason: 'Line 2: a quote appears inside a value that is not quoted' },
    ]);
    expect(stray.rows).toEqual([
      ['a', 'b'],
      ['2', '3'],
    ]);
  });
});

describe('columns and types', () => {
  it('makes safe, unique field names from any header', () => {
    expect(
      normaliseHeader(['Order ID', 'order id', 'Créé le', '1st value', 'select', '', 'x'.repeat(100)]),
    ).toEqual([
      { field_name: 'order_id', display_name: 'Order ID' },
      { field_name: 'order_id_2', display_name: 'order id' },
      { field_name: 'cree_le', display_name: 'Créé le' },
      { field_name: 'c_1st_value', display_name: '1st value' },
      { field_name: 'select_col', display_name: 'select' },
      { field_name: 'column_6', display_name: 'Column 6' },
      { field_name: 'x'.repeat(55), display_name: 'x'.repeat(100) },
    ]);
  });

  it.each([
    [['1', '-2', '+3', ''], 'integer'],
    [['00123', '00456'], 'text'],
    [['1.5', '2', '1e3'], 'decimal'],
    [['1,234.50', '12.00'], 'decimal'],
    [['$12.99', '$3'], 'decimal'],
    [['yes', 'No', 'TRUE'], 'boolean'],
    [['0', '1'], 'integer'],
    [['2024-03-01', '2024-02-29'], 'date'],
    [['2024-03-01 14:05', '2024-03-02T09:00:00.123'], 'timestamp'],
    [['2024-03-01 14:05:00 -0500', '2024-03-01T10:00:00Z'], 'timestamptz'],
    [['3/4/2024 1:30 PM', '12/31/2024 9:05 AM'], 'timestamp'],
    [['31.12.2024', '01.02.2024'], 'date'],
    [['2024-02-30'], 'text'],
    [['abc', '1'], 'text'],
  ])('infers %j as %s', (values, type) => {
    expect(
      inferColumns(
        ['x'],
        values.map((v) => [v]),
        COMMA,
      )[0]!.type,
    ).toBe(type);
  });

  it('reads a decimal comma only when the delimiter is not a comma', () => {
    expect(inferColumns(['x'], [['12,5'], ['3,25']], { delimiter: ';' })[0]).toMatchObject({
      type: 'decimal',
      format: { decimalMark: ',' },
    });
    expect(inferColumns(['x'], [['12,5']], COMMA)[0]!.type).toBe('text');
  });

  it.each([
    [['13/02/2024', '01/02/2024'], 'dmy'],
    [['02/13/2024', '02/01/2024'], 'mdy'],
    [['02/01/2024'], 'mdy'],
    [['02.01.2024'], 'dmy'],
  ])('orders day and month in %j as %s', (values, order) => {
    expect(
      inferColumns(
        ['d'],
        values.map((v) => [v]),
        COMMA,
      )[0]!.format.dateOrder,
    ).toBe(order);
  });

  it('validates calendar dates', () => {
    expect(parseDate('2/30/2024', 'mdy')).toBeUndefined();
    expect(parseDate('2/29/2024', 'mdy')).toEqual({ date: '2024-02-29', time: null, offset: null });
    expect(parseDate('2/29/2023', 'mdy')).toBeUndefined();
  });

  it('writes COPY text, with nulls, escapes and normalised values, and reports values that do not fit', () => {
    const columns = inferColumns(
      ['id', 'note', 'total', 'at', 'paid'],
      [['1', 'a', '1,234.50', '2024-03-01 14:05:00 -0500', 'yes']],
      COMMA,
    );
    const converter = createRowConverter(columns);
    const result = converter.convert({
      rows: [
        ['1', 'tab\there\\ and\nnewline', '1,234.50', '2024-03-01 14:05:00 -0500', 'yes'],
        ['2', '', '', '', ''],
        ['3', 'x', 'abc', '2024-03-01 10:00:00Z', 'no'],
        ['4', 'too', 'few'],
        ['5', 'trailing', '1', '2024-03-01 10:00:00Z', 'no', '', ''],
      ],
      lines: [2, 3, 4, 5, 6],
      malformed: [],
    });
    expect(result.text).toBe(
      '1\ttab\\there\\\\ and\\nnewline\t1234.50\t2024-03-01 14:05:00-05:00\tt\n' +
        '2\t\\N\t\\N\t\\N\t\\N\n' +
        '5\ttrailing\t1\t2024-03-01 10:00:00+00:00\tf\n',
    );
    expect(result.rows).toBe(3);
    expect(result.errors).toEqual([
      { line: 4, reason: 'Line 4: "abc" in column "total" is not a number' },
      { line: 5, reason: 'Line 5: expected 5 values, found 3' },
    ]);
  });
});
