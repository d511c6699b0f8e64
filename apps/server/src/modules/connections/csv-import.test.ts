import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_MESSAGES } from '@tidemark/contract';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { ordersCsv, uploadCsv } from '../../testing/uploads';

describe('CSV data in, from upload to series', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
  });
  afterAll(() => t.close());

  const get = (url: string, actor = shop.owner) =>
    t.app.inject({ method: 'GET', url, headers: actor.headers });
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: shop.owner.headers, ...(payload ? { payload } : {}) });

  it('imports a store export, reports the rows it could not read, and turns it into metrics and series', async () => {
    const csv = ordersCsv({
      days: 60,
      extraLines: [
        '9999,not a date,Email,US,10.00,paid,0.00',
        '10000,2025-02-01T10:00:00.000Z,Email,US,12.00',
      ],
    });
    const upload = await uploadCsv(t, shop.owner.headers, { name: 'orders export.csv', content: csv });
    expect(upload.statusCode, upload.body).toBe(200);
    const created = upload.json();
    expect(created.import).toMatchObject({ source_table_name: 'orders export.csv', rows_rejected: 2 });
    expect(created.import.errors).toEqual([
      {
        line: expect.any(Number),
        reason: expect.stringContaining('"not a date" in column "Created At" is not a valid date'),
      },
      { line: expect.any(Number), reason: expect.stringContaining('expected 7 values, found 5') },
    ]);
    expect(created.redirect).toEqual({
      self: true,
      path: `/onboarding/connection/sync?id=${created.datasource_id}&ongoing_extraction=true`,
      uri: null,
    });

    const extractions = await get(
      `/v1/extractions?status=READY,SUCCESSFUL&connector_id=${created.datasource_id}`,
    );
    expect(extractions.json().data).toHaveLength(1);
    const extraction = extractions.json().data[0];
    const results = (await get(`/v1/extractions/${extraction.extraction_job_id}/results`)).json();
    expect(
      results.columns.map((c: { field_name: string; data_type: string }) => [c.field_name, c.data_type]),
    ).toEqual([
      ['order_id', 'integer'],
      ['created_at', 'timestamptz'],
      ['channel', 'text'],
      ['country', 'text'],
      ['revenue', 'decimal'],
      ['status', 'text'],
      ['refund_amount', 'decimal'],
    ]);
    const table = results.columns[0].destination_table_name;
    const item = (field: string, display: string, aggregation: object) => ({
      source_table_name: 'orders export.csv',
      destination_table_name: table,
      field_name: field,
      display_name: display,
      aggregation,
    });
    const onboard = await send('POST', '/v1/metrics_hub/onboard', {
      datasource_id: created.datasource_id,
      metrics: [
        item('revenue', 'Revenue', { type: 'operation', value: 'sum' }),
        item('order_id', 'Orders', { type: 'operation', value: 'count' }),
        item('revenue', 'Average Order Value', { type: 'formula', value: 'sum(revenue) / count(order_id)' }),
      ],
      dimensions: [
        item('channel', 'Channel', { type: 'formula', value: 'channel' }),
        item('country', 'Country', { type: 'formula', value: 'country' }),
      ],
    });
    expect(onboard.statusCode, onboard.body).toBe(200);

    const pref = await send('PATCH', '/v1/preferences/pipelines', {
      preference_value: { date_column: 'created_at' },
      datasource_id: created.datasource_id,
    });
    expect(pref.statusCode, pref.body).toBe(200);
    await t.app.jobs.waitForIdle();

    const metrics = (await get('/v1/metrics_hub/metrics')).json();
    expect(metrics.count).toBe(3);
    const aov = metrics.rows.find(
      (r: { kpi_display_name: string }) => r.kpi_display_name === 'Average Order Value',
    );
    const daily = (await get(`/v1/pattern_series?kpi_id=${aov.kpi_id}&pipeline_schedule=d`)).json();
    expect(daily).toHaveLength(60);
    // The ratio is computed per day from the rows, never averaged from hourly ratios.
    const firstDay = (
      await t.db.query<{ aov: number }>(
        `select sum(revenue)::float8 / count(order_id) as aov from ${table} where created_at >= '2025-01-01' and created_at < '2025-01-02'`,
      )
    )[0]!.aov;
    expect(daily[0]).toEqual({
      timestamp: '2025-01-01T00:00:00.000Z',
      result: {
        y: expect.closeTo(firstDay, 9),
        // The pipeline that followed fitted the expected range.
        yhat: expect.any(Number),
        yhat_lower: expect.any(Number),
        yhat_upper: expect.any(Number),
        anomaly: expect.stringMatching(/^(True|False)$/),
      },
    });
    const dims = (await get('/v1/metrics_hub/dimensions')).json().data;
    expect(dims.map((d: { name: string }) => d.name).sort()).toEqual(['channel', 'country']);
    const channel = dims.find((d: { name: string }) => d.name === 'channel');
    const values = (await get(`/v1/metrics_hub/dimensions/${channel.id}/values`)).json().data as string[];
    expect([...values].sort()).toEqual(['Direct', 'Email', 'Paid Search']);
    const emailDaily = (
      await get(`/v1/pattern_series?kpi_id=${aov.kpi_id}&pipeline_schedule=d&dim_name=channel&dim_val=Email`)
    ).json();
    expect(emailDaily).toHaveLength(60);
    const weekly = (await get(`/v1/pattern_series?kpi_id=${aov.kpi_id}&pipeline_schedule=w`)).json();
    // 2025-01-01 is a Wednesday: the first week starts on Sunday 2024-12-29.
    expect(weekly[0].timestamp).toBe('2024-12-29T00:00:00.000Z');

    const list = (await get('/v1/connections')).json();
    expect(list.rows[0].status).toEqual({
      data_connection_status: { status: 'SUCCESSFUL', message: null },
      metric_configuration_status: { status: 'SUCCESSFUL', message: null },
      insight_generation_status: { status: 'SUCCESSFUL', message: null },
    });
  });

  it('streams a file larger than the part it sniffs, and adds a second file to the same data source', async () => {
    const big = ordersCsv({ days: 1000 });
    expect(big.length).toBeGreaterThan(1_100_000);
    const first = await uploadCsv(t, shop.owner.headers, { name: 'year.csv', content: big });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().import).toMatchObject({
      rows_imported: big.trim().split('\n').length - 1,
      rows_rejected: 0,
    });
    const second = await uploadCsv(
      t,
      shop.owner.headers,
      { name: 'refunds.csv', content: 'refund_id,order_id,amount\n1,1001,12.50\n' },
      { datasource_id: first.json().datasource_id },
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().datasource_id).toBe(first.json().datasource_id);
    const rows = (await get('/v1/connections?sort_by=created_at&order=desc')).json().rows;
    const source = rows.find(
      (r: { datasource_id: string }) => r.datasource_id === first.json().datasource_id,
    );
    expect(source.source_tables).toEqual(['year.csv', 'refunds.csv']);
  });

  it('replaces a file sent again, keeping the table name and a primary key led by the tenant', async () => {
    const first = await uploadCsv(t, shop.owner.headers, { name: 'stock.csv', content: 'sku,qty\nA,1\n' });
    expect(first.statusCode, first.body).toBe(200);
    const table = first.json().import.destination_table_name as string;
    // Each export replaces the last; the keys move with the table so the next replacement can take its name.
    for (const qty of [2, 3, 4]) {
      const again = await uploadCsv(
        t,
        shop.owner.headers,
        { name: 'stock.csv', content: `sku,qty\nA,${qty}\nB,${qty}\n` },
        { datasource_id: first.json().datasource_id },
      );
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().import.destination_table_name).toBe(table);
    }
    expect(await t.db.query(`select sku, qty::int from ${table} order by sku`)).toEqual([
      { sku: 'A', qty: 4 },
      { sku: 'B', qty: 4 },
    ]);
    const keys = await t.db.query<{ name: string; def: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'p'`,
      [table],
    );
    expect(keys).toEqual([{ name: `${table.slice(0, 58)}_pkey`, def: 'PRIMARY KEY (tenant_id, _row_id)' }]);
  });
  it('lands two uploads sent at once on their own', async () => {
    const [a, b] = await Promise.all([
      uploadCsv(t, shop.owner.headers, { name: 'left.csv', content: ordersCsv({ days: 30 }) }),
      uploadCsv(t, shop.owner.headers, { name: 'right.csv', content: 'a,b\n"never,closed\n' }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(400);
    const tables = await t.db.query<{ tablename: string }>(
      `select tablename from pg_tables where tablename = $1`,
      [a.json().import.destination_table_name],
    );
    expect(tables).toHaveLength(1);
  });

  it('imports rows whose date is missing, and says at the date-column step how many there are', async () => {
    const lines = ['order_id,created_at,channel,revenue'];
    for (let i = 0; i < 300; i++) {
      lines.push(
        `${i},${i % 4 === 0 ? `2025-03-${String((i % 28) + 1).padStart(2, '0')}T10:00:00Z` : ''},Email,10`,
      );
    }
    const upload = (
      await uploadCsv(t, shop.owner.headers, { name: 'sparse.csv', content: lines.join('\n') + '\n' })
    ).json();
    expect(upload.import).toMatchObject({ rows_imported: 300, rows_rejected: 0 });
    const pref = await send('PATCH', '/v1/preferences/pipelines', {
      preference_value: { date_column: 'created_at' },
      datasource_id: upload.datasource_id,
    });
    expect(pref.statusCode).toBe(200);
    expect(pref.json().warnings).toEqual([
      "75.0% of rows have no value in 'created_at'; they are left out of the time series.",
    ]);
  });

  it('explains at the date-column step that a file without dates cannot become a time series', async () => {
    const upload = (
      await uploadCsv(t, shop.owner.headers, { name: 'nodates.csv', content: 'sku,stock\nA,1\nB,2\n' })
    ).json();
    const pref = await send('PATCH', '/v1/preferences/pipelines', {
      preference_value: { date_column: 'stock' },
      datasource_id: upload.datasource_id,
    });
    expect(pref.statusCode).toBe(400);
    expect(pref.json().message).toBe(CONNECTION_MESSAGES.noDateColumn);
  });

  it('refuses a file that is not .csv with the spec message', async () => {
    const res = await uploadCsv(t, shop.owner.headers, { name: 'orders.xlsx', content: 'a,b\n1,2\n' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: CONNECTION_MESSAGES.onlyCsv });
  });

  it('keeps nothing of an import that cannot land, and lets the user try again', async () => {
    const res = await uploadCsv(t, shop.owner.headers, {
      name: 'broken.csv',
      content: 'a,b\n"never,closed\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/None of the rows could be read/);
    const tables = await t.db.query(`select tablename from pg_tables where tablename like 'wh_%broken%'`);
    expect(tables).toEqual([]);
  });

  it('explains a formula that names an unknown field', async () => {
    const upload = (
      await uploadCsv(t, shop.owner.headers, { name: 'second.csv', content: ordersCsv({ days: 10 }) })
    ).json();
    const results = (
      await get(
        `/v1/extractions/${(await get(`/v1/extractions?connector_id=${upload.datasource_id}`)).json().data[0].extraction_job_id}/results`,
      )
    ).json();
    const table = results.columns[0].destination_table_name;
    const res = await send('POST', '/v1/metrics_hub/onboard', {
      datasource_id: upload.datasource_id,
      metrics: [
        {
          source_table_name: 'second.csv',
          destination_table_name: table,
          field_name: 'revenue',
          display_name: 'Net',
          aggregation: { type: 'formula', value: 'sum(revnue) - sum(refund_amount)' },
        },
      ],
      dimensions: [
        {
          source_table_name: 'second.csv',
          destination_table_name: table,
          field_name: 'channel',
          display_name: 'Channel',
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Row 1, Net: Unknown field 'revnue' at position 4. Did you mean 'revenue'?",
    );
  });
});
