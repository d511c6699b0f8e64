import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFormula, type FormulaColumn } from './compile';
import { FormulaError } from './errors';
import { compileMetricSet, type MetricDefinition } from './metric-set';
import { parseFormula } from './parser';
import { SqlParams } from './sql-params';
import { testDatabaseUrl } from '../../../testing/build-test-app';

/** The one place that decides which PostgreSQL this test uses. */
async function connect(): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: testDatabaseUrl(),
  });
  await client.connect();
  return client;
}

const columns: FormulaColumn[] = [
  { field_name: 'order_id', display_name: 'Order ID', type: 'integer' },
  { field_name: 'created_at', display_name: 'Created', type: 'timestamptz' },
  { field_name: 'country', display_name: 'Country', type: 'text' },
  { field_name: 'revenue', display_name: 'Revenue', type: 'decimal' },
  { field_name: 'refund_amount', display_name: 'Refund Amount', type: 'decimal' },
  { field_name: 'status', display_name: 'Status', type: 'text' },
  { field_name: 'quantity', display_name: 'Quantity', type: 'integer' },
];

// Two days × two countries; the last row is a refund without an order, so its bucket has zero orders.
const rows: Array<[number | null, string, string, string | null, string | null, string, number | null]> = [
  [1, '2024-03-01T09:00:00Z', 'US', '100.00', '0', 'paid', 2],
  [2, '2024-03-01T12:00:00Z', 'US', '50.50', '10.00', 'cancelled', 1],
  [3, '2024-03-01T18:30:00Z', 'US', '20.00', null, 'paid', 4],
  [4, '2024-03-01T23:59:00Z', 'DE', '80.00', '5.00', 'paid', 1],
  [5, '2024-03-02T08:00:00Z', 'US', '200.00', '0', 'cancelled', 3],
  [null, '2024-03-02T10:00:00Z', 'DE', null, '15.00', 'refund', null],
  // Before the query's start: the shared parameter `$1` must filter it out.
  [6, '2024-02-29T10:00:00Z', 'US', '999.00', '0', 'paid', 9],
];

const definitions: MetricDefinition[] = [
  { key: 'aov', aggregation: 'formula', formula: 'revenue / orders' },
  { key: 'revenue', aggregation: 'sum', field_name: 'revenue' },
  { key: 'orders', aggregation: 'count', field_name: 'order_id' },
  {
    key: 'net_revenue',
    aggregation: 'formula',
    formula: 'coalesce(sum(revenue), 0) - coalesce(sum("Refund Amount"), 0)',
  },
  { key: 'net_aov', aggregation: 'formula', formula: 'net_revenue / orders' },
  {
    key: 'cancellation_rate',
    aggregation: 'formula',
    formula: "100 * count_if(status = 'cancelled') / count(order_id)",
  },
  { key: 'units_per_order', aggregation: 'formula', formula: 'sum(quantity) / count(order_id)' },
  {
    key: 'paid_share',
    aggregation: 'formula',
    formula: "round(coalesce(sum_if(revenue, status in ('paid', 'shipped')), 0) / revenue, 4)",
  },
  {
    key: 'late_big_orders',
    aggregation: 'formula',
    formula: "count_if(revenue >= 50 and created_at >= '2024-03-01 11:00Z' and country not in ('FR'))",
  },
  // Hostile text is only ever data: it matches no row and leaves the table alone.
  { key: 'hostile', aggregation: 'formula', formula: "count_if(status = 'x''); drop table orders; --')" },
  { key: 'last_order', aggregation: 'max', field_name: 'created_at' },
];

type Expected = Record<string, number | null>;
const third = 1 / 3;

// Worked out by hand from the rows above.
const expected: Record<string, Expected> = {
  '2024-03-01 DE': {
    revenue: 80,
    orders: 1,
    aov: 80,
    net_revenue: 75,
    net_aov: 75,
    cancellation_rate: 0,
    units_per_order: 1,
    paid_share: 1,
    late_big_orders: 1,
    hostile: 0,
  },
  '2024-03-01 US': {
    revenue: 170.5,
    orders: 3,
    aov: 170.5 / 3,
    net_revenue: 160.5,
    net_aov: 53.5,
    cancellation_rate: 100 * third,
    units_per_order: 7 / 3,
    paid_share: 0.7038,
    late_big_orders: 1,
    hostile: 0,
  },
  '2024-03-02 DE': {
    revenue: null,
    orders: 0,
    aov: null,
    net_revenue: -15,
    net_aov: null,
    cancellation_rate: null,
    units_per_order: null,
    paid_share: null,
    late_big_orders: 0,
    hostile: 0,
  },
  '2024-03-02 US': {
    revenue: 200,
    orders: 1,
    aov: 200,
    net_revenue: 200,
    net_aov: 200,
    cancellation_rate: 100,
    units_per_order: 3,
    paid_share: 0,
    late_big_orders: 1,
    hostile: 0,
  },
};

describe('compiled metrics on PostgreSQL', () => {
  let client: pg.Client;
  const schema = `formula_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    client = await connect();
    await client.query(`create schema ${schema}`);
    await client.query(
      `create table ${schema}.orders (order_id integer, created_at timestamptz not null, country text not null,
         revenue numeric(12, 2), refund_amount numeric(12, 2), status text not null, quantity integer)`,
    );
    for (const row of rows) {
      await client.query(`insert into ${schema}.orders values ($1, $2, $3, $4, $5, $6, $7)`, row);
    }
  });

  afterAll(async () => {
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it('computes every metric per day and country in one GROUP BY query, with ratios computed in each bucket', async () => {
    const params = new SqlParams(1);
    const compiled = compileMetricSet(definitions, columns, params);
    expect(compiled.errors).toEqual(new Map());

    const keys = [...compiled.sql.keys()];
    const select = keys.map((key, i) => `${compiled.sql.get(key) ?? ''} as m${i}`).join(',\n  ');
    const result = await client.query<Record<string, string | Date | null>>(
      `select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') || ' ' || country as bucket,
         ${select}
       from ${schema}.orders
       where created_at >= $1::timestamptz
       group by 1 order by 1`,
      ['2024-03-01T00:00:00Z', ...params.values],
    );

    expect(result.rows.map((row) => row.bucket)).toEqual(Object.keys(expected));
    for (const row of result.rows) {
      const want = expected[String(row.bucket)] as Expected;
      for (const [key, value] of Object.entries(want)) {
        const got = row[`m${keys.indexOf(key)}`];
        if (value === null) expect(got, `${String(row.bucket)} ${key}`).toBeNull();
        else expect(Number(got), `${String(row.bucket)} ${key}`).toBeCloseTo(value, 10);
      }
    }
    const lastOrder = result.rows.find((row) => row.bucket === '2024-03-01 US')?.[
      `m${keys.indexOf('last_order')}`
    ];
    expect(lastOrder).toEqual(new Date('2024-03-01T18:30:00Z'));

    const { rows: still } = await client.query<{ n: string }>(`select count(*) as n from ${schema}.orders`);
    expect(still[0]?.n).toBe(String(rows.length));
  });

  /** Runs a compiled expression over the table, per country, and returns the first bucket's value. */
  async function evaluate(text: string): Promise<unknown> {
    const params = new SqlParams();
    const { sql } = compileFormula(parseFormula(text), { columns, params });
    const result = await client.query<{ value: unknown }>(
      `select ${sql} as value from ${schema}.orders group by country order by country`,
      [...params.values],
    );
    return result.rows[0]?.value;
  }

  it.each([
    ['sum(null)', null],
    ['-null + count(*)', null],
    ['count(null)', '0'],
    ['count_distinct(status)', '2'],
    ['coalesce(null, sum(quantity))', '1'],
    ['greatest(max(revenue), null, 10)', '80.00'],
    ['least(min(created_at), max(created_at))', new Date('2024-03-01T23:59:00Z')],
    ['count_if(true) - count_if(false)', '2'],
    ['round(sum(quantity) / 3, 2)', '0.33'],
    ['abs(-sum(quantity * 2))', '2'],
    ['sum(quantity / 4)', '0.25000000000000000000'],
    ["count_if(status is not null and not (status in ('paid')) or created_at < '2024-03-02')", '2'],
    ["avg_if(revenue, status != 'paid')", null],
    ['stddev_samp(revenue) + var_samp(revenue)', null],
    ['- -count(*)', '2'],
  ])('runs %s on PostgreSQL and gets %j for the first bucket', async (text, value) => {
    expect(await evaluate(text)).toEqual(value);
  });

  it('runs every generated formula that compiles without a PostgreSQL error', async () => {
    const column = fc.constantFrom(
      'order_id',
      'revenue',
      '"Refund Amount"',
      'status',
      'quantity',
      'created_at',
      'country',
    );
    const literal = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }).map(String),
      fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => n.toExponential()),
      fc.constantFrom("'paid'", "'2024-03-01'", "'2024-03-01 12:00Z'", 'true', 'null', "'it''s'"),
    );
    const { metric } = fc.letrec<{ metric: string; row: string; condition: string }>((tie) => ({
      row: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        column,
        literal,
        fc
          .tuple(tie('row'), fc.constantFrom('+', '-', '*', '/'), tie('row'))
          .map(([a, op, b]) => `(${a} ${op} ${b})`),
        tie('row').map((a) => `coalesce(${a}, 0)`),
      ),
      condition: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc
          .tuple(tie('row'), fc.constantFrom('=', '!=', '<', '>='), fc.oneof(column, literal))
          .map((p) => p.join(' ')),
        fc
          .tuple(column, fc.array(literal, { minLength: 1, maxLength: 3 }))
          .map(([c, l]) => `${c} in (${l.join(', ')})`),
        column.map((c) => `${c} is not null`),
        fc
          .tuple(tie('condition'), fc.constantFrom('and', 'or'), tie('condition'))
          .map((p) => `(${p.join(' ')})`),
        tie('condition').map((c) => `not ${c}`),
      ),
      metric: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc
          .tuple(
            fc.constantFrom('sum', 'avg', 'min', 'max', 'count', 'count_distinct', 'stddev_samp'),
            tie('row'),
          )
          .map(([f, a]) => `${f}(${a})`),
        tie('condition').map((c) => `count_if(${c})`),
        fc
          .tuple(fc.constantFrom('sum_if', 'avg_if'), tie('row'), tie('condition'))
          .map(([f, a, c]) => `${f}(${a}, ${c})`),
        literal,
        fc
          .tuple(tie('metric'), fc.constantFrom('+', '-', '*', '/'), tie('metric'))
          .map(([a, op, b]) => `(${a} ${op} ${b})`),
        tie('metric').map((m) => `-${m}`),
        fc
          .tuple(fc.constantFrom('coalesce', 'greatest', 'least'), tie('metric'), tie('metric'))
          .map(([f, a, b]) => `${f}(${a}, ${b})`),
        tie('metric').map((m) => `round(${m}, 2)`),
      ),
    }));
    let compiled = 0;
    await fc.assert(
      fc.asyncProperty(metric, async (text) => {
        const params = new SqlParams();
        let sql: string;
        try {
          sql = compileFormula(parseFormula(text), { columns, params }).sql;
        } catch (error) {
          if (error instanceof FormulaError) return;
          throw error;
        }
        compiled += 1;
        await client.query(`select ${sql} from ${schema}.orders group by country`, [...params.values]);
      }),
      { numRuns: 300 },
    );
    // Enough of the generated formulas must pass the compiler for the property to say something.
    expect(compiled).toBeGreaterThan(50);
  });
});
