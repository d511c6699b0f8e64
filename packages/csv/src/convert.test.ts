import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRowConverter } from './convert';
import type { InferredColumn } from './infer';
import type { CsvColumnType } from './types';
import type { DateFormat } from './values/temporal';

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

const ISO: DateFormat = { order: 'ymd', separator: '-' };
const US: DateFormat = { order: 'mdy', separator: '/' };
const EU: DateFormat = { order: 'dmy', separator: '.' };

/** The COPY line for one value in a one-column table, without its `\n`, or the error's reason. */
function one(type: CsvColumnType, value: string, extra: Partial<InferredColumn> = {}): string {
  const result = createRowConverter([column('Value', type, extra)], { encoding: 'utf-8' }).convert(
    [value],
    2,
  );
  if (result === 'blank') return result;
  return typeof result === 'string' ? result.slice(0, -1) : result.reason;
}

/** Reads a COPY text field back the way PostgreSQL does. */
function unescapeCopy(field: string): string | null {
  if (field === '\\N') return null;
  return field.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', '\\': '\\' })[c] ?? c);
}

describe('createRowConverter', () => {
  it('writes a tab-separated line with \\N for empty values and a final line feed', () => {
    const converter = createRowConverter(
      [column('Id', 'integer'), column('Name', 'text'), column('Total', 'decimal')],
      { encoding: 'utf-8' },
    );
    expect(converter.convert(['7', 'Ann', ''], 2)).toBe('7\tAnn\t\\N\n');
    expect(converter.convert(['  ', '', ' '], 3)).toBe('blank');
  });

  it.each([
    ['a\tb', 'a\\tb'],
    ['back\\slash', 'back\\\\slash'],
    ['two\nlines', 'two\\nlines'],
    ['cr\r\nlf', 'cr\\r\\nlf'],
    ['nul\u0000byte', 'nulbyte'],
    ['  kept as written  ', '  kept as written  '],
    ['Café ☕ 😀', 'Café ☕ 😀'],
  ])('escapes text %j as %j', (value, expected) => {
    expect(one('text', value)).toBe(expected);
  });

  it('round-trips any text through COPY escaping', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        fc.pre(value.trim() !== '');
        expect(unescapeCopy(one('text', value))).toBe(value.replaceAll('\u0000', ''));
      }),
    );
  });

  it.each([
    ['42', '42'],
    ['-17', '-17'],
    ['+5', '5'],
    [' 12 ', '12'],
    ['007', '007'],
    ['9223372036854775807', '9223372036854775807'],
    ['-9223372036854775808', '-9223372036854775808'],
  ])('writes integer %j as %j', (value, expected) => {
    expect(one('integer', value)).toBe(expected);
  });

  it.each([['1.5'], ['abc'], ['1,234'], ['9223372036854775808'], ['-'], ['1e3']])(
    'rejects %j in an integer column',
    (value) => {
      expect(one('integer', value)).toBe(`Line 2: "${value}" in column "Value" is not a whole number`);
    },
  );

  it.each([
    ['1234.5', '.', '1234.5'],
    ['-0.25', '.', '-0.25'],
    ['1,234.50', '.', '1234.50'],
    ['1 234.50', '.', '1234.50'],
    ['$1,234.50', '.', '1234.50'],
    ['-$5', '.', '-5'],
    ['$-5.10', '.', '-5.10'],
    ['€ 12.00', '.', '12.00'],
    ['12.00 €', '.', '12.00'],
    ['£3', '.', '3'],
    ['1.5e3', '.', '1.5e3'],
    ['2E-4', '.', '2e-4'],
    ['12,50', ',', '12.50'],
    ['1.234,50', ',', '1234.50'],
    ['1\u00a0234,50', ',', '1234.50'],
    ['-0,5', ',', '-0.5'],
    ['17', ',', '17'],
  ] as const)('writes decimal %j (mark %j) as %j', (value, decimalMark, expected) => {
    expect(one('decimal', value, { decimalMark })).toBe(expected);
  });

  it.each([
    ['abc', '.'],
    ['1,23', '.'],
    ['1.2.3', '.'],
    ['12,50', '.'],
    ['1.234,50', '.'],
    ['$', '.'],
    ['1,234.50', ','],
    ['USD 5', '.'],
  ] as const)('rejects decimal %j with mark %j', (value, decimalMark) => {
    expect(one('decimal', value, { decimalMark })).toBe(
      `Line 2: "${value}" in column "Value" is not a number`,
    );
  });

  it.each([
    ['true', 't'],
    ['FALSE', 'f'],
    ['Yes', 't'],
    ['no', 'f'],
    ['T', 't'],
    ['f', 'f'],
    ['y', 't'],
    ['N', 'f'],
  ])('writes boolean %j as %j', (value, expected) => {
    expect(one('boolean', value)).toBe(expected);
  });

  it('rejects a value that is not yes or no in a boolean column', () => {
    expect(one('boolean', '1')).toBe('Line 2: "1" in column "Value" is not a yes/no value');
  });

  it.each([
    ['2024-03-01', ISO, '2024-03-01'],
    ['2024-3-1', ISO, '2024-03-01'],
    ['3/1/2024', US, '2024-03-01'],
    ['12/31/2024', US, '2024-12-31'],
    ['1.3.2024', EU, '2024-03-01'],
    ['29.02.2024', EU, '2024-02-29'],
  ] as const)('writes date %j as %j', (value, format, expected) => {
    expect(one('date', value, { format })).toBe(expected);
  });

  it.each([
    ['2/30/2024', US],
    ['2023-02-29', ISO],
    ['13/1/2024', US],
    ['2024-03-01 10:00', ISO],
    ['2024/03/01', ISO],
    ['1/3/2024', EU],
  ] as const)('rejects %j as a date in format %o', (value, format) => {
    expect(one('date', value, { format })).toBe(`Line 2: "${value}" in column "Value" is not a valid date`);
  });

  it.each([
    ['2024-03-01T14:05:00', ISO, '2024-03-01 14:05:00'],
    ['2024-03-01 14:05', ISO, '2024-03-01 14:05:00'],
    ['2024-03-01 14:05:07.123456', ISO, '2024-03-01 14:05:07.123456'],
    ['2024-03-01', ISO, '2024-03-01 00:00:00'],
    ['3/1/2024 2:05 PM', US, '2024-03-01 14:05:00'],
    ['3/1/2024 12:05:09 am', US, '2024-03-01 00:05:09'],
    ['3/1/2024 12:00 PM', US, '2024-03-01 12:00:00'],
    ['01.03.2024 09:15', EU, '2024-03-01 09:15:00'],
  ] as const)('writes timestamp %j as %j', (value, format, expected) => {
    expect(one('timestamp', value, { format })).toBe(expected);
  });

  it.each([
    ['2024-03-01 25:00', ISO],
    ['2024-03-01 10:60', ISO],
    ['3/1/2024 13:05 PM', US],
    ['2024-03-01T10:00:00Z', ISO],
  ] as const)('rejects %j as a timestamp', (value, format) => {
    expect(one('timestamp', value, { format })).toBe(
      `Line 2: "${value}" in column "Value" is not a valid date and time`,
    );
  });

  it.each([
    ['2024-03-01T14:05:00Z', '2024-03-01 14:05:00+00:00'],
    ['2024-03-01T14:05:00.5+05:30', '2024-03-01 14:05:00.5+05:30'],
    ['2024-03-01T14:05:00+0530', '2024-03-01 14:05:00+05:30'],
    ['2024-03-01T14:05:00-05', '2024-03-01 14:05:00-05:00'],
    ['2024-03-01 14:05:00 -0500', '2024-03-01 14:05:00-05:00'],
    ['2024-03-01 14:05:00 UTC', '2024-03-01 14:05:00+00:00'],
    ['2024-03-01 14:05', '2024-03-01 14:05:00+00:00'],
    ['2024-03-01', '2024-03-01 00:00:00+00:00'],
  ])('writes timestamptz %j as %j', (value, expected) => {
    expect(one('timestamptz', value, { format: ISO })).toBe(expected);
  });

  it('writes US timestamps with offsets', () => {
    expect(one('timestamptz', '3/1/2024 2:05 PM -0800', { format: US })).toBe('2024-03-01 14:05:00-08:00');
  });

  it.each([['2024-03-01T14:05:00+16:00'], ['2024-03-01T14:05:00+05:7'], ['2024-03-01T14:05:00 EST']])(
    'rejects timestamptz %j',
    (value) => {
      expect(one('timestamptz', value, { format: ISO })).toMatch(/is not a valid date and time$/);
    },
  );

  it('reports a record with the wrong number of values by its line', () => {
    const converter = createRowConverter([column('A', 'text'), column('B', 'text')], { encoding: 'utf-8' });
    expect(converter.convert(['x'], 1234)).toEqual({
      line: 1234,
      reason: 'Line 1234: expected 2 values, found 1',
    });
    expect(converter.convert(['x', 'y', 'z'], 9)).toEqual({
      line: 9,
      reason: 'Line 9: expected 2 values, found 3',
    });
  });

  it('names the column by its header and shortens long values in a reason', () => {
    const converter = createRowConverter([column('Created at', 'date', { format: US })], {
      encoding: 'utf-8',
    });
    expect(converter.convert(['2/30/2024'], 90)).toEqual({
      line: 90,
      reason: 'Line 90: "2/30/2024" in column "Created at" is not a valid date',
    });
    const long = 'x'.repeat(100);
    const result = converter.convert([long], 5);
    expect(typeof result === 'object' && result.reason).toBe(
      `Line 5: "${'x'.repeat(57)}…" in column "Created at" is not a valid date`,
    );
  });
});
