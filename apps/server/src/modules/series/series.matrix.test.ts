import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PIPELINE_JOB } from '../../jobs/stages';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { MYSQL_CONNECTOR_UUID, uploadCsv } from '../../testing/uploads';

/**
 * Every date column type the importer infers (date, timestamp, timestamptz) × every aggregation the product
 * offers, over integer, decimal and text values × every grain, checked value by value against sums worked
 * out here from the same rows: from a CSV upload, and from a MariaDB table with the same rows.
 */

interface Sale {
  at: number;
  quantity: number;
  amount: number;
  status: 'paid' | 'failed';
  channel: string;
}

const DAY = 86_400_000;
const START = Date.UTC(2025, 1, 23); // a Sunday; the rows run over two month ends
const EMPTY_DAY = 10;
const FAILED_ONLY_DAY = 15;

/** Six weeks of sales: one day without any, one with failed charges only, some days with a single sale. */
const SALES: Sale[] = Array.from({ length: 42 }, (_, d) =>
  d === EMPTY_DAY
    ? []
    : Array.from({ length: 1 + (d % 4) }, (_, k) => ({
        at: START + d * DAY + ((3 + 5 * k + d) % 24) * 3_600_000 + k * 60_000,
        quantity: 1 + ((d * 3 + k) % 5),
        amount: 10 + ((d * 7 + k * 13) % 50) + 0.25,
        status: d === FAILED_ONLY_DAY || k % 3 === 2 ? ('failed' as const) : ('paid' as const),
        channel: k % 2 ? 'store' : 'web',
      })),
).flat();

const iso = (t: number) => new Date(t).toISOString();
const salesCsv = () =>
  [
    'order_day,placed_local,placed_at,quantity,amount,status,channel',
    ...SALES.map(
      (s) =>
        `${iso(s.at).slice(0, 10)},${iso(s.at).slice(0, 19).replace('T', ' ')},${iso(s.at)},${s.quantity},${s.amount.toFixed(2)},${s.status},${s.channel}`,
    ),
  ].join('\n') + '\n';

type Aggregation = { type: 'operation'; value: string } | { type: 'formula'; value: string };
interface MetricCase {
  name: string;
  field: string;
  aggregation: Aggregation;
  /** Adds up: 0 in an empty bucket; the others have no value there. */
  additive: boolean;
  expected: (rows: Sale[]) => number | null;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : null);
const variance = (xs: number[]) => {
  if (xs.length < 2) return null;
  const m = sum(xs) / xs.length;
  return sum(xs.map((x) => (x - m) ** 2)) / (xs.length - 1);
};
const op = (value: string): Aggregation => ({ type: 'operation', value });
const formula = (value: string): Aggregation => ({ type: 'formula', value });
const paid = (rows: Sale[]) => rows.filter((r) => r.status === 'paid');

const METRICS: MetricCase[] = [
  {
    name: 'Units',
    field: 'quantity',
    aggregation: op('sum'),
    additive: true,
    expected: (r) => sum(r.map((x) => x.quantity)),
  },
  {
    name: 'Sales',
    field: 'amount',
    aggregation: op('sum'),
    additive: true,
    expected: (r) => sum(r.map((x) => x.amount)),
  },
  {
    name: 'Avg units',
    field: 'quantity',
    aggregation: op('avg'),
    additive: false,
    expected: (r) => mean(r.map((x) => x.quantity)),
  },
  {
    name: 'Avg sale',
    field: 'amount',
    aggregation: op('avg'),
    additive: false,
    expected: (r) => mean(r.map((x) => x.amount)),
  },
  {
    name: 'Min sale',
    field: 'amount',
    aggregation: op('min'),
    additive: false,
    expected: (r) => (r.length ? Math.min(...r.map((x) => x.amount)) : null),
  },
  {
    name: 'Max units',
    field: 'quantity',
    aggregation: op('max'),
    additive: false,
    expected: (r) => (r.length ? Math.max(...r.map((x) => x.quantity)) : null),
  },
  { name: 'Statuses', field: 'status', aggregation: op('count'), additive: true, expected: (r) => r.length },
  {
    name: 'Sale spread',
    field: 'amount',
    aggregation: op('stddev_samp'),
    additive: false,
    expected: (r) => {
      const v = variance(r.map((x) => x.amount));
      return v === null ? null : Math.sqrt(v);
    },
  },
  {
    name: 'Units variance',
    field: 'quantity',
    aggregation: op('var_samp'),
    additive: false,
    expected: (r) => variance(r.map((x) => x.quantity)),
  },
  {
    name: 'Paid sales',
    field: 'amount',
    aggregation: formula("sum_if(amount, status = 'paid')"),
    additive: true,
    expected: (r) => sum(paid(r).map((x) => x.amount)),
  },
  {
    name: 'Failed charges',
    field: 'status',
    aggregation: formula("count_if(status = 'failed')"),
    additive: true,
    expected: (r) => r.filter((x) => x.status === 'failed').length,
  },
  {
    name: 'Paid units on average',
    field: 'quantity',
    aggregation: formula("avg_if(quantity, status = 'paid')"),
    additive: false,
    expected: (r) => mean(paid(r).map((x) => x.quantity)),
  },
  {
    name: 'Orders',
    field: 'status',
    aggregation: formula('count(*)'),
    additive: true,
    expected: (r) => r.length,
  },
];
/** count_distinct does not split into partials: a table holding one is computed from its rows at every grain. */
const DISTINCT: MetricCase = {
  name: 'Kinds of status',
  field: 'status',
  aggregation: formula('count_distinct(status)'),
  additive: true,
  expected: (r) => new Set(r.map((x) => x.status)).size,
};

type Grain = 'h' | 'd' | 'w' | 'm';
const BUCKET: Record<Grain, (t: number) => number> = {
  h: (t) => Math.floor(t / 3_600_000) * 3_600_000,
  d: (t) => Math.floor(t / DAY) * DAY,
  w: (t) => Math.floor(t / DAY) * DAY - new Date(t).getUTCDay() * DAY, // weeks start on Sunday
  m: (t) => Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), 1),
};
const NEXT: Record<Grain, (t: number) => number> = {
  h: (t) => t + 3_600_000,
  d: (t) => t + DAY,
  w: (t) => t + 7 * DAY,
  m: (t) => Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth() + 1, 1),
};

/** Every bucket from the first sale's to the last's, with the metric over the sales in it. */
function expectedSeries(metric: MetricCase, grain: Grain): { ts: string[]; y: Array<number | null> } {
  const bucket = BUCKET[grain];
  const first = bucket(Math.min(...SALES.map((s) => s.at)));
  const last = bucket(Math.max(...SALES.map((s) => s.at)));
  const ts: string[] = [];
  const y: Array<number | null> = [];
  for (let b = first; b <= last; b = NEXT[grain](b)) {
    const rows = SALES.filter((s) => bucket(s.at) === b);
    ts.push(iso(b));
    y.push(rows.length === 0 && metric.additive ? 0 : metric.expected(rows));
  }
  return { ts, y };
}

/** The buckets whose value differs from the expected one (beyond float rounding). */
function mismatches(actual: Array<number | null>, expected: Array<number | null>): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(actual.length, expected.length); i++) {
    const a = actual[i];
    const e = expected[i];
    const same = a === e || (a != null && e != null && Math.abs(a - e) <= 1e-6 * Math.max(1, Math.abs(e)));
    if (!same) out.push(`#${i}: got ${String(a)}, expected ${String(e)}`);
  }
  return out;
}

/** The series are what is checked here: the anomaly pipelines they would start are left out (they take minutes). */
async function appWithoutPipelines(): Promise<TestApp> {
  const t = await buildTestApp();
  const send = t.app.jobs.send.bind(t.app.jobs);
  vi.spyOn(t.app.jobs, 'send').mockImplementation((name, ...rest) =>
    name === PIPELINE_JOB ? Promise.resolve(null) : send(name, ...rest),
  );
  return t;
}

const DATE_COLUMNS = [
  { type: 'date', field: 'order_day', grains: ['d', 'w', 'm'] as Grain[] },
  { type: 'timestamp', field: 'placed_local', grains: ['h', 'd', 'w', 'm'] as Grain[] },
  { type: 'timestamptz', field: 'placed_at', grains: ['h', 'd', 'w', 'm'] as Grain[] },
] as const;

interface Source {
  datasourceId: string;
  table: { table_id: number; destination_table_name: string; source_table_name: string };
}

async function onboard(
  t: TestApp,
  headers: Record<string, string>,
  source: Source,
  metrics: MetricCase[],
  dateColumn: string,
) {
  const item = (field: string, display: string) => ({
    source_table_name: source.table.source_table_name,
    destination_table_name: source.table.destination_table_name,
    field_name: field,
    display_name: display,
  });
  const saved = await t.app.inject({
    method: 'POST',
    url: '/v1/metrics_hub/onboard',
    headers,
    payload: {
      datasource_id: source.datasourceId,
      metrics: metrics.map((m) => ({ ...item(m.field, m.name), aggregation: m.aggregation })),
      dimensions: [item('channel', 'Channel')],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const date = await t.app.inject({
    method: 'PATCH',
    url: '/v1/preferences/pipelines',
    headers,
    payload: { preference_value: { date_column: dateColumn }, datasource_id: source.datasourceId },
  });
  expect(date.statusCode, date.body).toBe(200);
}

async function tableOf(t: TestApp, datasourceId: string): Promise<Source['table']> {
  const [table] = await t.db.query<Source['table']>(
    `select w.table_id::int, w.destination_table_name, w.source_table_name from warehouse_tables w
     join connections c using (tenant_id, connection_id) where c.datasource_id = $1`,
    [datasourceId],
  );
  return table!;
}

/** The stored overall series of one table's metric at one grain. */
async function storedSeries(t: TestApp, tableId: number, metric: string, grain: Grain) {
  const [row] = await t.db.query<{ ts: Date[]; y: Array<number | null> }>(
    `select s.ts, s.y from series s join metrics m using (tenant_id, kpi_id)
     where m.table_id = $1 and m.kpi_display_name = $2 and s.grain = $3 and s.dim_name = ''`,
    [tableId, metric, grain],
  );
  return row ? { ts: row.ts.map((d) => d.toISOString()), y: row.y } : null;
}

/** Checks every metric at every grain of each date column's table; `sources` maps a date column to its table. */
function checkMatrix(
  context: () => { t: TestApp; sources: Map<string, { tableId: number; distinct: boolean }[]> },
) {
  for (const dateColumn of DATE_COLUMNS) {
    it(`gives every metric's value in every bucket with a ${dateColumn.type} date column, ${dateColumn.grains.join('/')}`, async () => {
      const { t, sources } = context();
      const tables = sources.get(dateColumn.field)!;
      expect(tables.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const { tableId, distinct } of tables) {
        const metrics = distinct ? [...METRICS, DISTINCT] : METRICS;
        for (const metric of metrics) {
          for (const grain of ['h', 'd', 'w', 'm'] as Grain[]) {
            const stored = await storedSeries(t, tableId, metric.name, grain);
            const label = `${distinct ? 'direct' : 'rollup'} ${metric.name} @${grain}`;
            if (!(dateColumn.grains as readonly Grain[]).includes(grain)) {
              if (stored) problems.push(`${label}: a series that should not exist`);
              continue;
            }
            if (!stored) {
              problems.push(`${label}: no series`);
              continue;
            }
            const expected = expectedSeries(metric, grain);
            if (stored.ts.join() !== expected.ts.join())
              problems.push(
                `${label}: buckets ${stored.ts[0]}…(${stored.ts.length}) ≠ ${expected.ts[0]}…(${expected.ts.length})`,
              );
            else problems.push(...mismatches(stored.y, expected.y).map((m) => `${label} ${m}`));
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
}

describe('series of every column type, aggregation and grain', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  const sources = new Map<string, { tableId: number; distinct: boolean }[]>();

  beforeAll(async () => {
    t = await appWithoutPipelines();
    shop = await createWorkspace(t);
    // One upload per date column, and one more with count_distinct for the unsplit path.
    const plan = [
      ...DATE_COLUMNS.map((d) => ({ date: d.field, distinct: false })),
      { date: 'placed_at', distinct: true },
    ];
    for (const [i, p] of plan.entries()) {
      const upload = await uploadCsv(t, shop.owner.headers, { name: `sales-${i}.csv`, content: salesCsv() });
      expect(upload.statusCode, upload.body).toBe(200);
      const datasourceId = upload.json().datasource_id as string;
      const table = await tableOf(t, datasourceId);
      await onboard(
        t,
        shop.owner.headers,
        { datasourceId, table },
        p.distinct ? [...METRICS, DISTINCT] : METRICS,
        p.date,
      );
      sources.set(p.date, [
        ...(sources.get(p.date) ?? []),
        { tableId: table.table_id, distinct: p.distinct },
      ]);
    }
    await t.app.jobs.waitForIdle({ timeoutMs: 120_000 });
  }, 180_000);
  afterAll(() => t.close());

  it('infers the column types the matrix stands on', async () => {
    const [table] = await t.db.query<{ columns: Array<{ field_name: string; data_type: string }> }>(
      'select columns from warehouse_tables where tenant_id = $1 limit 1',
      [shop.tenant.tenant_id],
    );
    expect(Object.fromEntries(table!.columns.map((c) => [c.field_name, c.data_type]))).toMatchObject({
      order_day: 'date',
      placed_local: 'timestamp',
      placed_at: 'timestamptz',
      quantity: 'integer',
      amount: 'decimal',
      status: 'text',
    });
  });

  checkMatrix(() => ({ t, sources }));

  it('gives a filtered sum 0, not null, on a day that held only failed charges and on a day without rows', async () => {
    const [tableId] = sources.get('placed_at')!.map((s) => s.tableId);
    const daily = (await storedSeries(t, tableId!, 'Paid sales', 'd'))!;
    expect(daily.y[FAILED_ONLY_DAY]).toBe(0);
    expect(daily.y[EMPTY_DAY]).toBe(0);
    const average = (await storedSeries(t, tableId!, 'Paid units on average', 'd'))!;
    expect(average.y[FAILED_ONLY_DAY]).toBeNull();
    expect(average.y[EMPTY_DAY]).toBeNull();
  });

  describe('refuses what cannot be a metric or a date, naming the row and the field', () => {
    let source: Source;
    beforeAll(async () => {
      const upload = await uploadCsv(t, shop.owner.headers, { name: 'refusals.csv', content: salesCsv() });
      const datasourceId = upload.json().datasource_id as string;
      source = { datasourceId, table: await tableOf(t, datasourceId) };
    });
    const save = (metrics: Array<{ field: string; name: string; aggregation: Aggregation }>) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/metrics_hub/onboard',
        headers: shop.owner.headers,
        payload: {
          datasource_id: source.datasourceId,
          metrics: metrics.map((m) => ({
            source_table_name: source.table.source_table_name,
            destination_table_name: source.table.destination_table_name,
            field_name: m.field,
            display_name: m.name,
            aggregation: m.aggregation,
          })),
          dimensions: [
            {
              source_table_name: source.table.source_table_name,
              destination_table_name: source.table.destination_table_name,
              field_name: 'channel',
              display_name: 'Channel',
            },
          ],
        },
      });

    it.each([
      ['sum', 'status', /^Row 2, Bad: Sum needs a number column, but 'status' is text/],
      ['avg', 'status', /^Row 2, Bad: Average needs a number column, but 'status' is text/],
      ['stddev_samp', 'status', /^Row 2, Bad: Standard deviation needs a number column/],
      ['min', 'status', /^Row 2, Bad: Minimum needs a number column, but 'status' is text/],
      ['max', 'order_day', /^Row 2, Bad: Maximum needs a number column, but 'order_day' is a date/],
    ])('refuses %s of %s', async (operation, field, message) => {
      const res = await save([
        { field: 'amount', name: 'Fine', aggregation: op('sum') },
        { field, name: 'Bad', aggregation: op(operation) },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(res.json().message).not.toMatch(/position/);
    });

    it('names the row of a formula that does not compile', async () => {
      const res = await save([{ field: 'amount', name: 'Net', aggregation: formula('sum(status)') }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Row 1, Net: sum needs a number field, but 'status' is text/);
    });

    it.each(['status', 'quantity', 'amount'])('refuses %s as the date column', async (column) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/v1/preferences/pipelines',
        headers: shop.owner.headers,
        payload: { preference_value: { date_column: column }, datasource_id: source.datasourceId },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `'${column}' is not a date or time column. Choose a column that dates each row.`,
      );
    });
  });
});

const MY = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306');

async function myAdmin<T>(db: string | null, work: (c: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({
    host: MY.hostname,
    port: Number(MY.port || 3306),
    user: decodeURIComponent(MY.username),
    password: decodeURIComponent(MY.password),
    ...(db ? { database: db } : {}),
    timezone: 'Z',
  });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

describe('series of every column type from a MariaDB table', () => {
  const suffix = randomBytes(4).toString('hex');
  const db = `tm_matrix_${suffix}`;
  const user = `tm_matrix_${suffix}`;
  const password = `Pw-${randomBytes(8).toString('hex')}`;
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  let ready = false;
  const sources = new Map<string, { tableId: number; distinct: boolean }[]>();

  beforeAll(async () => {
    await myAdmin(null, async (c) => {
      await c.query(`create database ${db}`);
      await c.query(`create user '${user}'@'%' identified by '${password}'`);
      await c.query(`grant select on ${db}.* to '${user}'@'%'`);
    });
    await myAdmin(db, async (c) => {
      await c.query(`set time_zone = '+00:00'`);
      await c.query(
        `create table sales (id int primary key, order_day date, placed_local datetime, placed_at timestamp null,
         quantity int, amount decimal(10,2), status varchar(16), channel varchar(16))`,
      );
      await c.query(
        `insert into sales values ${SALES.map((s, i) => {
          const at = iso(s.at).slice(0, 19).replace('T', ' ');
          return `(${i + 1}, '${at.slice(0, 10)}', '${at}', '${at}', ${s.quantity}, ${s.amount.toFixed(2)}, '${s.status}', '${s.channel}')`;
        }).join(', ')}`,
      );
    });
    t = await appWithoutPipelines();
    shop = await createWorkspace(t);
    ready = true;
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: shop.owner.headers, ...(payload ? { payload } : {}) });
    for (const d of DATE_COLUMNS) {
      const created = await call('POST', '/v1/connections', { connector_uuid: MYSQL_CONNECTOR_UUID });
      const datasourceId = created.json().datasource_id as string;
      const listed = await call('POST', `/v1/connections/${datasourceId}/credentials`, {
        host: '127.0.0.1',
        port: Number(MY.port || 3306),
        database: db,
        user,
        password,
        tls: 'disable',
      });
      expect(listed.statusCode, listed.body).toBe(200);
      const name = listed.json().tables.find((x: { name: string }) => /sales$/.test(x.name)).name as string;
      const picked = await call('PUT', `/v1/connections/${datasourceId}/tables`, { source_tables: [name] });
      expect(picked.statusCode, picked.body).toBe(200);
      await t.app.jobs.waitForIdle();
      const table = await tableOf(t, datasourceId);
      await onboard(t, shop.owner.headers, { datasourceId, table }, METRICS, d.field);
      sources.set(d.field, [{ tableId: table.table_id, distinct: false }]);
    }
    await t.app.jobs.waitForIdle({ timeoutMs: 120_000 });
  }, 180_000);
  afterAll(async () => {
    if (ready) await t.close();
    await myAdmin(null, async (c) => {
      await c.query(`drop database if exists ${db}`);
      await c.query(`drop user if exists '${user}'@'%'`);
    });
  });

  it('reads the MariaDB types as the same column types', async () => {
    const [table] = await t.db.query<{ columns: Array<{ field_name: string; data_type: string }> }>(
      'select columns from warehouse_tables where tenant_id = $1 limit 1',
      [shop.tenant.tenant_id],
    );
    expect(Object.fromEntries(table!.columns.map((c) => [c.field_name, c.data_type]))).toMatchObject({
      order_day: 'date',
      placed_local: 'timestamp',
      placed_at: 'timestamptz',
      quantity: 'integer',
      amount: 'decimal',
      status: 'text',
    });
  });

  checkMatrix(() => ({ t, sources }));
});
