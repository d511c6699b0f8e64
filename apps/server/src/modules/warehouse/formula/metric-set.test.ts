import { describe, expect, it } from 'vitest';
import type { FormulaColumn } from './compile';
import {
  compileMetricSet,
  MAX_COMPILED_SQL_LENGTH,
  metricReferences,
  type MetricDefinition,
} from './metric-set';
import { parseFormula } from './parser';
import { SqlParams } from './sql-params';

const columns: FormulaColumn[] = [
  { field_name: 'revenue', display_name: 'Revenue', type: 'decimal' },
  { field_name: 'refund_amount', display_name: 'Refund Amount', type: 'decimal' },
  { field_name: 'order_id', display_name: 'Order ID', type: 'integer' },
  { field_name: 'status', display_name: 'Status', type: 'text' },
  { field_name: 'created_at', display_name: 'Created', type: 'timestamptz' },
];

const formula = (key: string, text: string): MetricDefinition => ({
  key,
  aggregation: 'formula',
  formula: text,
});

describe('compileMetricSet', () => {
  it('compiles plain aggregations and formulas that refer to metrics defined later', () => {
    const params = new SqlParams();
    const result = compileMetricSet(
      [
        formula('aov', 'revenue / orders'),
        formula('net_aov', "(revenue - sum(refund_amount)) / count_if(status != 'cancelled')"),
        { key: 'revenue', aggregation: 'sum', field_name: 'revenue' },
        { key: 'orders', aggregation: 'count', field_name: 'order_id' },
        { key: 'rows', aggregation: 'count' },
        { key: 'last_order', aggregation: 'max', field_name: 'created_at' },
      ],
      columns,
      params,
    );
    expect(result.errors.size).toBe(0);
    expect(Object.fromEntries(result.sql)).toEqual({
      revenue: '(sum("revenue"))::numeric',
      orders: '(count("order_id"))::numeric',
      rows: '(count(*))::numeric',
      last_order: 'max("created_at")',
      aov: '(((sum("revenue"))::numeric) / nullif(((count("order_id"))::numeric), 0))',
      net_aov:
        '((((sum("revenue"))::numeric) - (sum("refund_amount"))::numeric) / nullif((count(*) filter (where ("status" <> $1::text)))::numeric, 0))',
    });
    expect(result.types.get('last_order')).toBe('timestamptz');
    expect(result.types.get('aov')).toBe('numeric');
    expect(params.values).toEqual(['cancelled']);
  });

  it('resolves metric keys without regard to case and prefers a metric over a column of the same name', () => {
    const result = compileMetricSet(
      [{ key: 'Revenue', aggregation: 'avg', field_name: 'revenue' }, formula('double', 'REVENUE * 2')],
      columns,
      new SqlParams(),
    );
    expect(result.sql.get('double')).toBe('(((avg("revenue"))::numeric) * $1::numeric)');
  });

  it.each([
    [[formula('a', 'a + 1')], { a: "Metric 'a' refers to itself through a → a" }],
    [
      [formula('a', 'b * 2'), formula('b', 'c + 1'), formula('c', 'a - sum(revenue)')],
      {
        a: "Metric 'a' refers to itself through a → b → c → a",
        b: "Metric 'b' refers to itself through a → b → c → a",
        c: "Metric 'c' refers to itself through a → b → c → a",
      },
    ],
  ])('reports a cycle on every metric in it', (definitions, messages) => {
    const result = compileMetricSet(definitions, columns, new SqlParams());
    expect(result.sql.size).toBe(0);
    expect(
      Object.fromEntries([...result.errors].map(([key, error]) => [key, [error.code, error.message]])),
    ).toEqual(
      Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, ['cycle', message]])),
    );
  });

  it('points each metric of a cycle at its reference into the cycle', () => {
    const result = compileMetricSet(
      [formula('a', 'sum(revenue) / b'), formula('b', '2 * c'), formula('c', 'count(*) + a')],
      columns,
      new SqlParams(),
    );
    expect([...result.errors].map(([key, error]) => [key, error.position, error.field])).toEqual([
      ['a', 15, 'b'],
      ['b', 4, 'c'],
      ['c', 11, 'a'],
    ]);
  });

  it('fails metrics that depend on a broken one and keeps the others', () => {
    const result = compileMetricSet(
      [
        formula('x', 'y + 1'),
        formula('y', 'x + 1'),
        formula('uses_cycle', 'x * 2'),
        formula('typo', 'sum(revnue)'),
        formula('uses_typo', '1 + typo'),
        formula('fine', 'count(*)'),
      ],
      columns,
      new SqlParams(),
    );
    expect([...result.sql.keys()]).toEqual(['fine']);
    expect(result.errors.get('uses_cycle')).toMatchObject({
      code: 'broken_reference',
      position: 0,
      field: 'x',
    });
    expect(result.errors.get('uses_typo')?.message).toBe(
      "Metric 'typo' at position 4 cannot be computed because its own formula has an error: Unknown field 'revnue' at position 4. Did you mean 'revenue'?",
    );
    expect(result.errors.get('typo')).toMatchObject({ code: 'unknown_field', suggestion: 'revenue' });
  });

  it('leaves no parameters behind for metrics that fail, so the query stays valid', () => {
    const params = new SqlParams();
    const result = compileMetricSet(
      [
        formula('ok_before', "count_if(status = 'a')"),
        formula('bad', "count_if(status = 'b') + sum(status)"),
        formula('ok_after', "count_if(status = 'c') + ok_before"),
      ],
      columns,
      params,
    );
    expect(result.errors.get('bad')?.code).toBe('type');
    expect(params.values).toEqual(['a', 'c']);
    expect(result.sql.get('ok_after')).toBe(
      '((count(*) filter (where ("status" = $2::text)))::numeric + ((count(*) filter (where ("status" = $1::text)))::numeric))',
    );
  });

  it.each<[MetricDefinition, string, string]>([
    [
      { key: 'm', aggregation: 'sum', field_name: 'status' },
      'type',
      "sum needs a number field, but 'status' is text (at position 0)",
    ],
    [
      { key: 'm', aggregation: 'sum', field_name: 'nope' },
      'unknown_field',
      "Unknown field 'nope' at position 0",
    ],
    [{ key: 'm', aggregation: 'avg' }, 'unknown_field', 'avg needs a field to aggregate'],
    [{ key: 'm', aggregation: 'formula' }, 'syntax', 'The formula is empty'],
    [formula('m', 'sum(revenue'), 'syntax', "Unexpected end of formula: ')' expected at position 11"],
    [formula('m', 'nothing * 2'), 'unknown_metric', "Unknown metric 'nothing' at position 0"],
    [
      formula('m', 'revenu * 2'),
      'unknown_metric',
      "Unknown metric 'revenu' at position 0. Did you mean 'revenue'?",
    ],
  ])('reports why %j does not compile', (definition, code, message) => {
    const result = compileMetricSet(
      [definition, { key: 'revenue', aggregation: 'sum', field_name: 'revenue' }],
      columns,
      new SqlParams(),
    );
    expect(result.errors.get('m')).toMatchObject({ code, message });
  });

  it('refuses a second metric with the same key, ignoring case', () => {
    const result = compileMetricSet(
      [
        { key: 'orders', aggregation: 'count' },
        { key: 'Orders', aggregation: 'sum', field_name: 'revenue' },
      ],
      columns,
      new SqlParams(),
    );
    expect(result.sql.get('orders')).toBe('(count(*))::numeric');
    expect(result.errors.get('Orders')).toMatchObject({ code: 'duplicate_key' });
  });

  it('refuses a referenced metric whose type cannot be used in arithmetic', () => {
    const result = compileMetricSet(
      [{ key: 'last', aggregation: 'max', field_name: 'created_at' }, formula('m', 'last + 1')],
      columns,
      new SqlParams(),
    );
    expect(result.errors.get('m')?.message).toBe(
      "Cannot use field 'last' (a date and time) in arithmetic ('+') at position 0",
    );
  });

  it('stops chains of references that would expand into enormous SQL', () => {
    // Each level doubles its predecessor, so the SQL would reach gigabytes without the cap.
    const definitions: MetricDefinition[] = [formula('m0', 'sum(revenue)')];
    for (let i = 1; i <= 40; i += 1) definitions.push(formula(`m${i}`, `m${i - 1} + m${i - 1}`));
    const result = compileMetricSet(definitions, columns, new SqlParams());
    const lengths = [...result.sql.values()].map((sql) => sql.length);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(MAX_COMPILED_SQL_LENGTH);
    expect(result.errors.get('m40')?.code).toBe('broken_reference');
    expect([...result.errors.values()].some((error) => error.code === 'too_long')).toBe(true);
  });

  it('stops reference chains deeper than the nesting limit', () => {
    const definitions: MetricDefinition[] = [formula('m0', 'count(*)')];
    for (let i = 1; i <= 200; i += 1) definitions.unshift(formula(`m${i}`, `m${i - 1} + 1`));
    const result = compileMetricSet(definitions, columns, new SqlParams());
    expect(result.errors.size).toBeGreaterThan(0);
    expect([...result.errors.values()].some((error) => error.code === 'too_long')).toBe(true);
    expect(result.sql.get('m0')).toBe('(count(*))::numeric');
  });

  it('lists the bare names outside aggregates as metric references', () => {
    const references = metricReferences(
      parseFormula('round(a / b, 2) + sum(c) + coalesce(d, "E") + count_if(f = 1)'),
    );
    expect(references).toEqual([
      { name: 'a', position: 6 },
      { name: 'b', position: 10 },
      { name: 'd', position: 36 },
    ]);
  });
});
