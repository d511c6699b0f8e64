import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFormula, type CompiledExpression, type CompileOptions, type FormulaColumn } from './compile';
import { FormulaError, type FormulaErrorCode } from './errors';
import { parseFormula } from './parser';
import { SqlParams } from './sql-params';

const columns: FormulaColumn[] = [
  { field_name: 'revenue', display_name: 'Revenue', type: 'decimal' },
  { field_name: 'refund_amount', display_name: 'Refund Amount', type: 'decimal' },
  { field_name: 'order_id', display_name: 'Order ID', type: 'integer' },
  { field_name: 'quantity', display_name: 'Quantity', type: 'integer' },
  { field_name: 'price', display_name: 'Unit price', type: 'decimal' },
  { field_name: 'status', display_name: 'Status', type: 'text' },
  { field_name: 'is_test', display_name: 'Test order', type: 'boolean' },
  { field_name: 'ordered_on', display_name: 'Order date', type: 'date' },
  { field_name: 'created_at', display_name: 'Created', type: 'timestamptz' },
  { field_name: 'shipped_at', display_name: 'Shipped', type: 'timestamp' },
];

function compile(
  text: string,
  options: Partial<CompileOptions> = {},
): CompiledExpression & { values: unknown[] } {
  const params = options.params ?? new SqlParams();
  const result = compileFormula(parseFormula(text), { columns, params, ...options });
  return { ...result, values: [...params.values] };
}

function errorOf(text: string, options: Partial<CompileOptions> = {}): FormulaError {
  try {
    compile(text, options);
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be refused`);
}

describe('compileFormula', () => {
  it.each([
    ['sum(revenue)', '(sum("revenue"))::numeric', []],
    ['count(*)', '(count(*))::numeric', []],
    ['count_distinct(status)', '(count(distinct "status"))::numeric', []],
    ['max(created_at)', 'max("created_at")', []],
    ['min(quantity)', '(min("quantity"))::numeric', []],
    [
      'stddev_samp(revenue) + var_samp(price)',
      '((stddev_samp("revenue"))::numeric + (var_samp("price"))::numeric)',
      [],
    ],
    [
      'sum(revenue) / count(order_id)',
      '((sum("revenue"))::numeric / nullif((count("order_id"))::numeric, 0))',
      [],
    ],
    [
      "100 * count_if(status = 'cancelled') / count(order_id)",
      '(($1::numeric * (count(*) filter (where ("status" = $2::text)))::numeric) / nullif((count("order_id"))::numeric, 0))',
      [100, 'cancelled'],
    ],
    ['sum(price * quantity)', '(sum(("price" * ("quantity")::numeric)))::numeric', []],
    [
      'sum(quantity / order_id)',
      '(sum((("quantity")::numeric / nullif(("order_id")::numeric, 0))))::numeric',
      [],
    ],
    [
      "sum_if(revenue, status in ('paid', 'shipped')) - avg_if(refund_amount, not is_test)",
      '((sum("revenue") filter (where ("status" in ($1::text, $2::text))))::numeric - (avg("refund_amount") filter (where (not "is_test")))::numeric)',
      ['paid', 'shipped'],
    ],
    [
      "count_if(status not in ('x') and refund_amount is not null or ordered_on >= '2024-02-29')",
      '(count(*) filter (where ((("status" not in ($1::text)) and ("refund_amount" is not null)) or ("ordered_on" >= $2::date))))::numeric',
      ['x', '2024-02-29'],
    ],
    [
      "count_if('2024-01-01 10:00' < created_at)",
      '(count(*) filter (where ($1::timestamptz < "created_at")))::numeric',
      ['2024-01-01 10:00'],
    ],
    [
      'count_if(shipped_at > created_at)',
      '(count(*) filter (where ("shipped_at" > "created_at")))::numeric',
      [],
    ],
    ['-sum(revenue)', '(-((sum("revenue"))::numeric))', []],
    ['- -sum(revenue)', '(-((-((sum("revenue"))::numeric))))', []],
    ['round(avg(revenue), 2)', 'round(((avg("revenue"))::numeric)::numeric, $1::integer)', [2]],
    ['round(avg(revenue), -2)', 'round(((avg("revenue"))::numeric)::numeric, $1::integer)', [-2]],
    ['abs(sum(refund_amount))', 'abs((sum("refund_amount"))::numeric)', []],
    ['coalesce(sum(refund_amount), 0)', 'coalesce((sum("refund_amount"))::numeric, $1::numeric)', [0]],
    ['greatest(max(revenue), 0.5, null)', 'greatest((max("revenue"))::numeric, $1::numeric, null)', [0.5]],
    ['sum(coalesce(refund_amount, 0))', '(sum(coalesce("refund_amount", $1::numeric)))::numeric', [0]],
    ['count_if(is_test = true)', '(count(*) filter (where ("is_test" = true)))::numeric', []],
  ])('compiles %s', (text, sql, values) => {
    const result = compile(text);
    expect(result.sql).toBe(sql);
    expect(result.values).toEqual(values);
  });

  it('gives the result type: numeric for arithmetic, the column type for min and max of dates', () => {
    expect(compile('count(*)').type).toBe('numeric');
    expect(compile('max(ordered_on)').type).toBe('date');
    expect(compile('coalesce(min(shipped_at), max(shipped_at))').type).toBe('timestamp');
  });

  it.each([
    ['SUM(Revenue)', '(sum("revenue"))::numeric'],
    ['sum("Refund Amount")', '(sum("refund_amount"))::numeric'],
    ['sum("refund amount")', '(sum("refund_amount"))::numeric'],
    ['sum("refund_amount")', '(sum("refund_amount"))::numeric'],
    ['Count_If(STATUS Is Null)', '(count(*) filter (where ("status" is null)))::numeric'],
  ])('matches columns in %s by field name or quoted display name, ignoring case', (text, sql) => {
    expect(compile(text).sql).toBe(sql);
  });

  it('emits the column field_name through quoteIdent, never the spelling in the formula', () => {
    const odd: FormulaColumn[] = [{ field_name: 'Net "Sales"', display_name: 'net', type: 'decimal' }];
    expect(compile('sum("NET")', { columns: odd }).sql).toBe('(sum("Net ""Sales"""))::numeric');
    expect(
      compile('sum("net")', { columns: odd, quoteIdent: (name) => `o.${JSON.stringify(name)}` }).sql,
    ).toBe('(sum(o."Net \\"Sales\\""))::numeric');
  });

  it('numbers placeholders after the offset of the shared parameters', () => {
    const params = new SqlParams(3);
    params.add('tenant');
    const result = compile("count_if(status = 'x') + 1", { params });
    expect(result.sql).toBe('((count(*) filter (where ("status" = $5::text)))::numeric + $6::numeric)');
    expect(result.values).toEqual(['tenant', 'x', 1]);
  });

  it('inlines referenced metrics in parentheses', () => {
    const metric = (key: string): CompiledExpression | undefined =>
      key === 'revenue' ? { sql: 'sum("revenue")', type: 'numeric' } : undefined;
    expect(compile('revenue / 2', { metric }).sql).toBe('((sum("revenue")) / nullif($1::numeric, 0))');
    const error = errorOf('revnue / 2', { metric, metricKeys: ['revenue', 'orders'] });
    expect(error).toMatchObject({
      code: 'unknown_metric',
      field: 'revnue',
      suggestion: 'revenue',
      position: 0,
    });
    expect(error.message).toBe("Unknown metric 'revnue' at position 0. Did you mean 'revenue'?");
  });

  it.each<[string, FormulaErrorCode, string, number]>([
    ['sum(revnue)', 'unknown_field', "Unknown field 'revnue' at position 4. Did you mean 'revenue'?", 4],
    ['sum(xyz)', 'unknown_field', "Unknown field 'xyz' at position 4", 4],
    [
      'sum("Refund Amont")',
      'unknown_field',
      'Unknown field "Refund Amont" at position 4. Did you mean "Refund Amount"?',
      4,
    ],
    ['median(revenue)', 'unknown_function', "Unknown function 'median' at position 0", 0],
    [
      '1 + summ(revenue)',
      'unknown_function',
      "Unknown function 'summ' at position 4. Did you mean 'sum'?",
      4,
    ],
    ['revenue / 2', 'not_aggregated', "'revenue' must be inside an aggregate such as sum(revenue)", 0],
    ['count(*) - status', 'not_aggregated', "'status' must be inside an aggregate such as count(status)", 11],
    [
      '"Refund Amount" * 2',
      'not_aggregated',
      '\'Refund Amount\' must be inside an aggregate such as sum("Refund Amount")',
      0,
    ],
    ['"Nope" * 2', 'unknown_field', 'Unknown field "Nope" at position 0', 0],
    ['aov * 2', 'unknown_metric', "Unknown metric 'aov' at position 0", 0],
    [
      'sum(avg(revenue))',
      'nested_aggregate',
      'avg cannot be used inside sum (at position 4): aggregates do not nest',
      4,
    ],
    [
      'count_if(count(*) > 1)',
      'nested_aggregate',
      'count cannot be used inside count_if (at position 9): aggregates do not nest',
      9,
    ],
    ['sum(status)', 'type', "sum needs a number field, but 'status' is text (at position 4)", 4],
    [
      'avg(created_at)',
      'type',
      "avg needs a number field, but 'created_at' is a date and time (at position 4)",
      4,
    ],
    ['min(status)', 'type', 'min needs a number, date or date and time, not text, at position 4', 4],
    ['max(is_test)', 'type', 'max needs a number, date or date and time, not true/false, at position 4', 4],
    [
      'count_if(status)',
      'type',
      "count_if needs a condition such as count_if(status = 'cancelled'), not text, at position 9",
      9,
    ],
    [
      'count_if(revenue * 2)',
      'type',
      "count_if needs a condition such as count_if(status = 'cancelled'), not a number, at position 9",
      9,
    ],
    ['count_if(status = 5)', 'type', "Cannot compare field 'status' (text) with a number at position 18", 18],
    [
      "count_if(revenue > '5')",
      'type',
      "Cannot compare field 'revenue' (a number) with text at position 19",
      19,
    ],
    [
      "count_if(status in ('a', 2))",
      'type',
      "Cannot compare field 'status' (text) with a number at position 25",
      25,
    ],
    [
      'count_if(status = null)',
      'type',
      "Comparing with null is never true (position 18): use 'is null' or 'is not null'",
      18,
    ],
    [
      "count_if(status in ('a', null))",
      'type',
      "null in a list never matches (position 25): use 'is null' for missing values",
      25,
    ],
    [
      "count_if(ordered_on > '2024-02-30')",
      'type',
      "A date is expected at position 22, written like '2024-03-31'",
      22,
    ],
    [
      "count_if(created_at > 'yesterday')",
      'type',
      "A date and time is expected at position 22, written like '2024-03-31 14:00'",
      22,
    ],
    [
      "count_if(created_at > '2024-01-01 24:00')",
      'type',
      "A date and time is expected at position 22, written like '2024-03-31 14:00'",
      22,
    ],
    [
      'sum(revenue) > 5',
      'type',
      "A condition can only be used inside count_if, sum_if or avg_if (position 0), such as count_if(status = 'cancelled')",
      0,
    ],
    [
      "sum(status = 'x')",
      'type',
      "A condition can only be used inside count_if, sum_if or avg_if (position 4), such as count_if(status = 'cancelled')",
      4,
    ],
    [
      "'abc'",
      'type',
      'Text at position 0 can only be compared with a field inside count_if, sum_if or avg_if',
      0,
    ],
    [
      'max(created_at) - min(created_at)',
      'type',
      "Cannot use a date and time in arithmetic ('-') at position 0",
      0,
    ],
    [
      'sum(revenue * status)',
      'type',
      "Cannot use field 'status' (text) in arithmetic ('*') at position 14",
      14,
    ],
    ['-max(ordered_on)', 'type', 'Cannot negate a date at position 1', 1],
    [
      'coalesce(sum(revenue), max(ordered_on))',
      'type',
      'coalesce mixes a number and a date at position 23',
      23,
    ],
    ['coalesce(null, null)', 'type', 'coalesce needs at least one value that is not null at position 0', 0],
    [
      'round(sum(revenue), 2.5)',
      'type',
      "round's digits must be a whole number between -20 and 20 at position 20",
      20,
    ],
    [
      'round(sum(revenue), count(*))',
      'type',
      "round's digits must be a whole number between -20 and 20 at position 20",
      20,
    ],
    ['null', 'type', 'The formula always gives null: it needs an aggregate such as sum(revenue)', 0],
    [
      'sum(revenue, price)',
      'syntax',
      'sum takes 1 argument, got 2, at position 0 (for example sum(revenue))',
      0,
    ],
    [
      'count()',
      'syntax',
      'count takes 1 argument, got 0, at position 0 (for example count(order_id) or count(*))',
      0,
    ],
    [
      'sum_if(revenue)',
      'syntax',
      "sum_if takes 2 arguments, got 1, at position 0 (for example sum_if(revenue, status = 'paid'))",
      0,
    ],
    [
      'least(sum(revenue))',
      'syntax',
      'least takes at least 2 arguments, got 1, at position 0 (for example least(sum(refund_amount), 0))',
      0,
    ],
    ['sum(*)', 'syntax', "'*' on its own only works as count(*) (position 4)", 4],
    ['count_distinct(*)', 'syntax', "'*' on its own only works as count(*) (position 15)", 15],
  ])('refuses %s with a %s error', (text, code, message, position) => {
    const error = errorOf(text);
    expect({ code: error.code, message: error.message, position: error.position }).toEqual({
      code,
      message,
      position,
    });
  });

  it('refuses integer-looking text compared with a number column, and numbers compared with text, in both orders', () => {
    expect(errorOf("count_if('7' = quantity)").code).toBe('type');
    expect(errorOf('count_if(1 = status)').code).toBe('type');
  });

  it('never lets literal text reach the SQL: every string and number becomes a parameter', () => {
    // Strings full of SQL syntax and numbers; the SQL may only contain the known quoted columns, placeholders,
    // casts, and the fixed words and symbols the compiler writes.
    const printable = fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0x10ffff }))
      .filter((code) => code < 0xd800 || code > 0xdfff)
      .map((code) => String.fromCodePoint(code));
    const hostile = fc.oneof(
      fc.array(printable, { maxLength: 12 }).map((chars) => chars.join('')),
      fc.constantFrom("x'); drop table orders; --", '$1', '"revenue"', 'sum(revenue)', '\\', '*/ /*', 'é✓😀'),
    );
    const allowedWords = new Set([
      'sum',
      'avg',
      'count',
      'distinct',
      'filter',
      'where',
      'numeric',
      'text',
      'date',
      'timestamptz',
      'integer',
      'nullif',
      'and',
      'or',
      'not',
      'in',
      'is',
      'null',
      'abs',
      'round',
      'coalesce',
      'greatest',
      'least',
    ]);
    const quotedColumns = new Set(columns.map((c) => `"${c.field_name}"`));
    fc.assert(
      fc.property(
        hostile,
        hostile,
        fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }),
        (a, b, n) => {
          const quote = (s: string): string => `'${s.replaceAll("'", "''")}'`;
          const number = n.toExponential();
          const text = `round(${number} * count_if(status in (${quote(a)}, ${quote(b)}) or not status = ${quote(b)}) / coalesce(sum(revenue), ${number}), 2)`;
          const params = new SqlParams();
          const { sql } = compileFormula(parseFormula(text), { columns, params });
          expect(params.values).toEqual([n, a, b, b, n, 2]);
          const rest = sql
            .replace(/"[a-z_]+"/g, (q) => (quotedColumns.has(q) ? ' ' : q))
            .replace(/\$\d+/g, ' ');
          // The only digit the compiler writes itself is the zero in nullif(x, 0).
          expect(rest).toMatch(/^[a-z_():,*/<>=+\- 0]*$/);
          expect((rest.match(/[a-z_]+/g) ?? []).filter((word) => !allowedWords.has(word))).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('throws only FormulaError for any formula that parses', () => {
    const pieces = fc.constantFrom(
      'sum(',
      'count(',
      'count_if(',
      'min(',
      'round(',
      'coalesce(',
      'median(',
      ')',
      ')',
      ',',
      '*',
      '-',
      '/',
      '+',
      '=',
      ' and ',
      ' not ',
      ' in (',
      ' is null',
      "'x'",
      "'2024-01-01'",
      '"Refund Amount"',
      'revenue',
      'status',
      'created_at',
      'is_test',
      'aov',
      '1',
      'null',
      'true',
    );
    const metric = (key: string): CompiledExpression | undefined =>
      key === 'aov' ? { sql: 'x', type: 'numeric' } : undefined;
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 16 }), (parts) => {
        let ast;
        try {
          ast = parseFormula(parts.join(''));
        } catch {
          return true;
        }
        try {
          compileFormula(ast, { columns, params: new SqlParams(), metric });
          return true;
        } catch (error) {
          return error instanceof FormulaError;
        }
      }),
      { numRuns: 1000 },
    );
  });
});
