import { describe, expect, it } from 'vitest';
import { inferColumns, type InferOptions } from './infer';

/** Type (with format or mark) inferred for one column holding these values. */
function typeOf(values: string[], options: InferOptions = {}): string {
  const [column] = inferColumns(
    ['Value'],
    values.map((v) => [v]),
    options,
  );
  if (column!.format) return `${column!.type} ${column!.format.order}${column!.format.separator}`;
  if (column!.decimalMark) return `${column!.type} ${column!.decimalMark}`;
  return column!.type;
}

describe('inferColumns', () => {
  it('describes each column with names, type, null count and the first three values', () => {
    expect(
      inferColumns(
        ['Order ID', 'Total'],
        [
          ['1', ''],
          ['2', '10.50'],
          ['3', ' '],
          ['4', '7'],
          ['5', '8.25'],
        ],
      ),
    ).toEqual([
      {
        field_name: 'order_id',
        display_name: 'Order ID',
        type: 'integer',
        nullCount: 0,
        sampleValues: ['1', '2', '3'],
      },
      {
        field_name: 'total',
        display_name: 'Total',
        type: 'decimal',
        decimalMark: '.',
        nullCount: 2,
        sampleValues: ['10.50', '7', '8.25'],
      },
    ]);
  });

  it.each([
    [['true', 'False', 'TRUE'], 'boolean'],
    [['yes', 'no', 'Y', 'n'], 'boolean'],
    [['t', 'f'], 'boolean'],
    [['1', '0', '1'], 'integer'],
    [['12', '-3', '+4', ''], 'integer'],
    [['9223372036854775807'], 'integer'],
    [['9223372036854775808'], 'decimal .'],
    [['00123', '00124'], 'text'],
    [['0', '10'], 'integer'],
    [['1.5', '2'], 'decimal .'],
    [['1,234.50', '99.00'], 'decimal .'],
    [['$1,234.50', '-$3'], 'decimal .'],
    [['€5', '12 €'], 'decimal .'],
    [['1.5e3', '-2E-2'], 'decimal .'],
    [['0.5', '007.5'], 'text'],
    [['1.5', 'abc'], 'text'],
    [['1,234', '5,678,901'], 'decimal .'],
    [['', ' '], 'text'],
    [['2024-03-01', '2024-12-31'], 'date ymd-'],
    [['2024-03-01', '2024-03-01 10:00'], 'timestamp ymd-'],
    [['2024-03-01T10:00:00', '2024-03-02T11:30:15.250'], 'timestamp ymd-'],
    [['2024-03-01T10:00:00Z', '2024-03-02 11:30'], 'timestamptz ymd-'],
    [['2024-03-01 14:05:00 -0500'], 'timestamptz ymd-'],
    [['2024-03-01T14:05:00+05:30', '2024-03-01T14:05:00+0530', '2024-03-01T14:05:00-05'], 'timestamptz ymd-'],
    [['2024-02-30'], 'text'],
    [['2024-03-01', '3/1/2024'], 'text'],
    [['2024-03-01', '2024/03/02'], 'text'],
  ])('types %j as %s', (values, expected) => {
    expect(typeOf(values)).toBe(expected);
  });

  it.each([
    [['3/1/2024', '4/2/2024'], 'date mdy/'],
    [['3/1/2024', '3/25/2024'], 'date mdy/'],
    [['25/1/2024', '3/1/2024'], 'date dmy/'],
    [['1.3.2024', '2.3.2024'], 'date dmy.'],
    [['1.3.2024', '2.13.2024'], 'date mdy.'],
    [['01-03-2024'], 'date dmy-'],
    [['13/13/2024'], 'text'],
    [['2/30/2024', '3/1/2024'], 'text'],
    [['30/2/2024', '13/1/2024'], 'text'],
    [['3/1/2024 2:05 PM', '3/2/2024 11:00 AM'], 'timestamp mdy/'],
    [['3/1/2024 14:05', '3/2/2024 09:00:01'], 'timestamp mdy/'],
    [['31.12.2024 23:59'], 'timestamp dmy.'],
  ])('reads the date order of %j as %s', (values, expected) => {
    expect(typeOf(values)).toBe(expected);
  });

  it.each([
    [['12,50', '3,25'], ';', 'decimal ,'],
    [['1.234,50', '7,5'], ';', 'decimal ,'],
    [['1 234,50'], '\t', 'decimal ,'],
    [['12,50', '3,25'], ',', 'decimal ,'],
    [['1,2', '3'], ',', 'decimal ,'],
    [['1,234', '3'], ',', 'decimal .'],
    [['1,2', '3'], undefined, 'decimal ,'],
    [['1,234'], ';', 'decimal ,'],
    [['1,234'], '\t', 'decimal .'],
    [['1,234', '12.5'], ';', 'decimal .'],
  ] as const)('reads decimal marks of %j with delimiter %j as %s', (values, delimiter, expected) => {
    expect(typeOf([...values], { delimiter })).toBe(expected);
  });

  it('leaves out sampled rows whose length does not match the header, but for a trailing empty value', () => {
    const [column] = inferColumns(['N', 'M'], [['1', '2'], ['oops'], ['3', '4', '5'], ['6', '7', '']]);
    expect(column!.type).toBe('integer');
    expect(column!.sampleValues).toEqual(['1', '6']);
  });
});

describe('inference with a stray value', () => {
  const column = (values: string[]) =>
    inferColumns(
      ['x'],
      values.map((v) => [v]),
      { delimiter: ',' },
    )[0]!;

  it('keeps a date column a date column while junk stays under 5 % (those rows are reported at import)', () => {
    const dates = Array.from({ length: 200 }, (_, i) => `2025-01-${String((i % 28) + 1).padStart(2, '0')}`);
    expect(column([...dates, 'n/a']).type).toBe('date');
    expect(column([...dates.slice(0, 50), 'n/a']).type).toBe('date');
    expect(column([...dates.slice(0, 50), 'n/a', '?', 'later']).type).toBe('text');
  });

  it('keeps a numeric column numeric past one typo in a hundred values', () => {
    const numbers = Array.from({ length: 150 }, (_, i) => `${i}.5`);
    expect(column([...numbers, '12,x']).type).toBe('decimal');
    expect(column([...numbers, 'abc', 'def']).type).toBe('text');
  });

  it('reads two-digit years as dates: DD.MM.YY and MM/DD/YY', () => {
    expect(typeOf(['05.12.25', '28.02.24', '01.01.99'])).toBe('date dmy.');
    expect(typeOf(['12/18/17', '01/02/18', '12/31/17'])).toBe('date mdy/');
    // Three year digits are no year.
    expect(typeOf(['05.12.025'])).toBe('text');
  });

  it('reads an 8-digit column of valid YYYYMMDD dates as dates, and other 8-digit numbers as integers', () => {
    expect(typeOf(['20251201', '20251202', '20240229', ''])).toBe('date ymd');
    // An invalid day (2025 is no leap year), a month 13 or a year out of range keeps the column numbers.
    expect(typeOf(['20251201', '20250229'])).toBe('integer');
    expect(typeOf(['20251201', '20251301'])).toBe('integer');
    expect(typeOf(['19000101', '19000102'])).toBe('integer');
    expect(typeOf(['10000001', '10000002'])).toBe('integer');
    // One 8-digit date among 7-digit ids is an id column.
    expect(typeOf(['20251201', '1234567'])).toBe('integer');
    // Compact and dashed layouts do not mix.
    expect(typeOf(['20251201', '2025-12-02'])).toBe('text');
  });

  it("reads a money column's currency from its symbols or its header", () => {
    const [euro, pound, header, dollars, mixed, text] = inferColumns(
      ['Umsatz', 'Price', 'Amount USD', 'Total', 'Both', 'Top SKU'],
      [
        ['€1.234,56', '£12.50', '10.00', '$5', '€1', 'ABC'],
        ['€99,00', '£3', '12.00', '$7.25', '$2', 'DEF'],
      ],
      { delimiter: ';' },
    );
    expect(euro).toMatchObject({ type: 'decimal', currency: 'EUR' });
    expect(pound).toMatchObject({ currency: 'GBP' });
    expect(header).toMatchObject({ currency: 'USD' });
    expect(dollars).toMatchObject({ currency: 'USD' });
    // Two symbols in one column name no single currency; text columns are no money.
    expect(mixed!.currency).toBeUndefined();
    expect(text!.currency).toBeUndefined();
  });

  it('takes a decimal comma in a comma file when a value reads only so, and a dot otherwise', () => {
    expect(typeOf(['100,00', '1.234,56', '-2,25'], { delimiter: ',' })).toBe('decimal ,');
    expect(typeOf(['1,234', '5,000'], { delimiter: ',' })).toBe('decimal .');
  });

  it('keeps phone numbers written with + and zero-led codes as text', () => {
    expect(typeOf(['+27836602217', '+12125550123'])).toBe('text');
    expect(typeOf(['00123', '00456'])).toBe('text');
    expect(typeOf(['+5', '-3', '+12'])).toBe('integer');
  });

  it('keeps a date column whose bad values stay under 5 %, and turns it to text past that', () => {
    const dates = Array.from({ length: 300 }, (_, k) => `2024-${String(1 + (k % 12)).padStart(2, '0')}-15`);
    const sixBad = dates.map((d, k) => (k % 50 === 7 ? 'n/a' : d));
    expect(typeOf(sixBad)).toBe('date ymd-');
    const twentyBad = dates.map((d, k) => (k % 15 === 7 ? 'n/a' : d));
    expect(typeOf(twentyBad)).toBe('text');
  });

  it('marks an offset-less timestamp column as UTC when its header says so', () => {
    const columns = inferColumns(
      ['Created date (UTC)', 'Created at', 'Time GMT', 'Day (UTC)'],
      [['2024-03-01 22:15:03', '2024-03-01 22:15:03', '2024-03-01 22:15', '2024-03-01']],
    );
    expect(columns.map((c) => c.timeZone)).toEqual(['UTC', undefined, 'UTC', undefined]);
  });
});
