import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchema, testDatabaseUrl } from '../../../testing/build-test-app';
import {
  FormulaError,
  SqlParams,
  compileFormula,
  compileMetricSet,
  parseFormula,
  type FormulaColumn,
} from '.';

const COLUMNS: FormulaColumn[] = [
  { field_name: 'order_id', display_name: 'Order ID', type: 'integer' },
  { field_name: 'revenue', display_name: 'Revenue', type: 'decimal' },
  { field_name: 'refund_amount', display_name: 'Refund Amount', type: 'decimal' },
  { field_name: 'status', display_name: 'Status', type: 'text' },
  { field_name: 'items', display_name: 'Items', type: 'integer' },
  { field_name: 'created_at', display_name: 'Created at', type: 'timestamptz' },
  { field_name: 'is_test', display_name: 'Test order', type: 'boolean' },
];

function compile(text: string) {
  const params = new SqlParams();
  return { sql: compileFormula(parseFormula(text), { columns: COLUMNS, params }), params: params.values };
}

function failure(text: string): FormulaError {
  try {
    compile(text);
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error(`${text} compiled`);
}

describe('the metric formula language', () => {
  it('respects precedence and associativity', () => {
    expect(compile('sum(revenue) - sum(refund_amount) - count(*)').sql).toBe(
      '((sum("revenue") - sum("refund_amount")) - count(*))',
    );
    expect(compile('1 + 2 * sum(revenue)').sql).toBe(
      '($1::double precision + ($2::double precision * sum("revenue")))',
    );
    expect(compile('-sum(revenue) / -count(order_id)').sql).toBe(
      '((-sum("revenue"))::double precision / nullif((-count("order_id")), 0))',
    );
  });

  it('turns every literal into a parameter', () => {
    const { sql, params } = compile("100 * count_if(status = 'cancelled') / count(order_id)");
    expect(sql).not.toContain('cancelled');
    expect(params).toEqual([100, 'cancelled']);
    expect(sql).toContain('count(*) filter (where ("status" = $2::text))');
  });

  it.each([
    ["count_if(status in ('paid', 'refunded'))", 'in ($1::text, $2::text)'],
    ["count_if(status not in ('paid'))", 'not in ($1::text)'],
    ['count_if(refund_amount is not null)', 'is not null'],
    ["count_if(not (status = 'paid' or items > 3) and is_test = false)", '(not'],
    ["sum_if(revenue, status <> 'cancelled')", 'sum("revenue") filter (where ("status" <> $1::text))'],
    ["avg_if(revenue * items, created_at >= '2025-01-01')", '$1::timestamptz'],
    ['count_distinct(status)', 'count(distinct "status")'],
    ['round(sum(revenue) / count(*), 2)', 'round('],
    ['"Refund Amount"', ''],
  ])('compiles %s', (text, fragment) => {
    if (text === '"Refund Amount"') {
      expect(failure(text).code).toBe('not_aggregated');
      return;
    }
    expect(compile(text).sql).toContain(fragment);
  });

  it('names an unknown field, its position and the closest column', () => {
    const error = failure('sum(revnue) / count(order_id)');
    expect(error.code).toBe('unknown_field');
    expect(error.field).toBe('revnue');
    expect(error.message).toBe("Unknown field 'revnue' at position 4. Did you mean 'revenue'?");
  });

  it.each([
    ['sum(revenue', "Unexpected end of formula: ')' expected at position 11"],
    ['sum(revenue))', "Unexpected ')' at position 12"],
    ['sum(revenue) +', 'Unexpected end of formula: a value expected at position 14'],
    ["count_if(status = 'paid)", 'Unterminated string starting at position 18'],
    ['sum(revenue) ; drop table x', "Unexpected ';' at position 13"],
    ['', 'The formula is empty.'],
  ])('explains the syntax error in %j', (text, message) => {
    const error = failure(text);
    expect(error.code).toBe('syntax');
    expect(error.message).toBe(message);
  });

  it.each([
    ['revenue / count(*)', 'not_aggregated'],
    ['median(revenue)', 'unknown_function'],
    ['sum(status)', 'type'],
    ["count_if(revenue = 'a lot')", 'type'],
    ['count_if(status = 3)', 'type'],
    ['sum(sum(revenue))', 'nested_aggregate'],
    ['42', 'not_aggregated'],
    ["'text'", 'type'],
  ])('refuses %s with %s', (text, code) => {
    expect(failure(text).code).toBe(code);
  });

  it('refuses hostile input without crashing', () => {
    const hostile = [
      'sum("x""; drop table tenants; --")',
      `${'('.repeat(500)}sum(revenue)${')'.repeat(500)}`,
      '-'.repeat(1000) + 'sum(revenue)',
      'sum(revenue)\u0000',
      'sum(\u202erevenue)',
      'x'.repeat(3000),
    ];
    for (const text of hostile) expect(failure(text)).toBeInstanceOf(FormulaError);
  });

  it('compiles a metric set with references in any order, and reports cycles apart', () => {
    const params = new SqlParams();
    const { sql, errors } = compileMetricSet(
      [
        { key: 'aov', aggregation: 'formula', formula: 'revenue_total / orders' },
        { key: 'revenue_total', aggregation: 'sum', field_name: 'revenue' },
        { key: 'orders', aggregation: 'count', field_name: 'order_id' },
        { key: 'a', aggregation: 'formula', formula: 'b + 1' },
        { key: 'b', aggregation: 'formula', formula: 'a + 1' },
        { key: 'broken', aggregation: 'formula', formula: 'sum(nope)' },
        { key: 'uses_broken', aggregation: 'formula', formula: 'broken * 2' },
      ],
      COLUMNS,
      params,
    );
    expect(sql.get('aov')).toBe('((sum("revenue"))::double precision / nullif((count("order_id")), 0))');
    expect(errors.get('a')?.code).toBe('cycle');
    expect(errors.get('b')?.code).toBe('cycle');
    expect(errors.get('broken')?.code).toBe('unknown_field');
    expect(errors.get('uses_broken')?.code).toBe('unknown_metric');
    expect([...sql.keys()].sort()).toEqual(['aov', 'orders', 'revenue_total']);
  });
});

describe('compiled formulas on PostgreSQL', () => {
  let client: pg.Client;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const schema = await createTestSchema();
    drop = schema.drop;
    client = new pg.Client({
      connectionString: testDatabaseUrl(),
      options: `-c search_path=${schema.schema}`,
    });
    await client.connect();
    await client.query(`create table orders (day date, country text, order_id bigint, revenue numeric,
      refund_amount numeric, status text, items bigint, created_at timestamptz, is_test boolean)`);
    await client.query(`insert into orders values
      ('2025-01-01', 'US', 1, 100, 0, 'paid', 2, '2025-01-01T10:00Z', false),
      ('2025-01-01', 'US', 2, 50, 50, 'refunded', 1, '2025-01-01T11:00Z', false),
      ('2025-01-01', 'DE', 3, 30, 0, 'cancelled', 1, '2025-01-01T12:00Z', false),
      ('2025-01-02', 'US', 4, 80, 0, 'paid', 4, '2025-01-02T09:00Z', false)`);
  });
  afterAll(async () => {
    await client.end();
    await drop();
  });

  it('computes every metric per bucket in one GROUP BY, ratios from their formula', async () => {
    const params = new SqlParams();
    const { sql, errors } = compileMetricSet(
      [
        { key: 'aov', aggregation: 'formula', formula: 'sum(revenue) / count(order_id)' },
        { key: 'net', aggregation: 'formula', formula: 'sum(revenue) - sum(refund_amount)' },
        {
          key: 'cancel_rate',
          aggregation: 'formula',
          formula: "100 * count_if(status = 'cancelled') / count(order_id)",
        },
        {
          key: 'refunded_share',
          aggregation: 'formula',
          formula: "net / sum_if(revenue, status != 'cancelled')",
        },
        {
          key: 'de_share',
          aggregation: 'formula',
          formula: "count_if(country = 'DE') / count_if(country = 'FR')",
        },
      ],
      [...COLUMNS, { field_name: 'country', display_name: 'Country', type: 'text' }],
      params,
    );
    expect(errors.size).toBe(0);
    const keys = ['aov', 'net', 'cancel_rate', 'refunded_share', 'de_share'];
    const { rows } = await client.query(
      `select day::text, ${keys.map((k) => `(${sql.get(k)})::double precision as ${k}`).join(', ')}
       from orders group by day order by day`,
      params.values,
    );
    expect(rows).toEqual([
      {
        day: '2025-01-01',
        aov: 60,
        net: 130,
        cancel_rate: 100 / 3,
        refunded_share: 130 / 150,
        de_share: null,
      },
      { day: '2025-01-02', aov: 80, net: 80, cancel_rate: 0, refunded_share: 1, de_share: null },
    ]);
  });
});
