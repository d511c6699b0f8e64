import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createWorkspace, type Actor, type TestApp } from '../../testing/build-test-app';
import { uploadAndConfigure, uploadCsv } from '../../testing/uploads';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../../../packages/csv/fixtures/real-world/${name}`, import.meta.url), 'utf8');

describe('CSV import of real-world exports', () => {
  let t: TestApp;
  let shop: { tenant: { tenant_id: number }; owner: Actor };
  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createWorkspace(t);
    await t.db.query(`update tenants set timezone = 'Africa/Johannesburg' where tenant_id = $1`, [
      shop.tenant.tenant_id,
    ]);
  });
  afterAll(() => t.close());

  const columnsOf = async (datasourceId: string) => {
    const extractions = await t.app.inject({
      method: 'GET',
      url: `/v1/extractions?status=READY,SUCCESSFUL&connector_id=${datasourceId}`,
      headers: shop.owner.headers,
    });
    const id = extractions.json().data[0].extraction_job_id;
    const results = await t.app.inject({
      method: 'GET',
      url: `/v1/extractions/${id}/results`,
      headers: shop.owner.headers,
    });
    return results.json().columns as Array<{
      field_name: string;
      data_type: string;
      time_zone?: string | null;
      currency?: string | null;
    }>;
  };

  it('puts Stripe charges of "Created date (UTC)" on their Johannesburg days', async () => {
    const { datasourceId, table } = await uploadAndConfigure(t, shop.owner.headers, {
      file: { name: 'stripe payments.csv', content: fixture('stripe-payments.csv') },
      metrics: [['amount', 'Amount', { type: 'operation', value: 'sum' }]],
      dimensions: [['status', 'Status']],
      dateColumn: 'created_date_utc',
    });
    const created = (await columnsOf(datasourceId)).find((c) => c.field_name === 'created_date_utc');
    expect(created).toMatchObject({ data_type: 'timestamptz', time_zone: 'UTC' });
    const days = await t.db.query<{ day: string; n: string; paid: string }>(
      `select to_char(created_date_utc at time zone 'Africa/Johannesburg', 'YYYY-MM-DD') as day, count(*)::text as n,
              sum(amount) filter (where status = 'Paid')::text as paid
         from "${table}" group by 1 order by 1`,
    );
    // 22:15 UTC on 1 March is 00:15 on 2 March in Johannesburg: three charges a day move to the next day.
    expect(days.map((d) => [d.day, Number(d.n)])).toEqual([
      ['2024-03-01', 3],
      ['2024-03-02', 6],
      ['2024-03-03', 6],
      ['2024-03-04', 6],
      ['2024-03-05', 3],
    ]);
    const [first] = await t.db.query<{ at: string }>(
      `select to_char(created_date_utc at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at from "${table}"
        where description = 'Order #1001'`,
    );
    expect(first!.at).toBe('2024-03-01 22:15:03');
  });

  it('imports a German bank export past its preamble, with dates and decimal-comma amounts', async () => {
    const { datasourceId, table } = await uploadAndConfigure(t, shop.owner.headers, {
      file: { name: 'umsaetze.csv', content: fixture('german-bank.csv') },
      metrics: [['betrag_eur', 'Betrag', { type: 'operation', value: 'sum' }]],
      dimensions: [['buchungstext', 'Buchungstext']],
      dateColumn: 'buchungstag',
    });
    const types = Object.fromEntries((await columnsOf(datasourceId)).map((c) => [c.field_name, c.data_type]));
    expect(types).toMatchObject({ buchungstag: 'date', wertstellung: 'date', betrag_eur: 'decimal' });
    const rows = await t.db.query<{ n: string; first: string; last: string; total: string; salary: string }>(
      `select count(*)::text as n, min(buchungstag)::text as first, max(buchungstag)::text as last,
              sum(betrag_eur)::text as total,
              max(betrag_eur) filter (where buchungstext = 'Gutschrift')::text as salary
         from "${table}"`,
    );
    expect(rows[0]).toMatchObject({ n: '18', first: '2024-03-11', last: '2024-03-28', salary: '3250.00' });
  });

  it("reads a GA4 export's YYYYMMDD Date column as dates and computes its daily series", async () => {
    const { datasourceId } = await uploadAndConfigure(t, shop.owner.headers, {
      file: { name: 'traffic.csv', content: fixture('ga4-traffic.csv') },
      metrics: [['sessions', 'Sessions', { type: 'operation', value: 'sum' }]],
      dimensions: [['session_primary_channel_group_default_channel_group', 'Channel']],
      dateColumn: 'date',
    });
    const date = (await columnsOf(datasourceId)).find((c) => c.field_name === 'date');
    expect(date).toMatchObject({ data_type: 'date' });
    await t.app.jobs.waitForIdle();
    const [daily] = await t.db.query<{ ts: Date[]; y: number[] }>(
      `select s.ts, s.y from series s join metrics m using (kpi_id)
        where m.tenant_id = $1 and m.kpi_display_name = 'Sessions' and s.dim_name = '' and s.grain = 'd'`,
      [shop.tenant.tenant_id],
    );
    expect(daily!.ts).toHaveLength(30);
    // 1 November 2025: Organic Search 410, Direct 241, Paid Social 172.
    expect(daily!.y[0]).toBe(823);
  });

  it("offers the file's currency and keeps it with a money metric, whatever the workspace's is", async () => {
    const upload = await uploadCsv(t, shop.owner.headers, {
      name: 'paypal.csv',
      content: fixture('paypal-de.csv'),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { datasource_id: datasourceId, import: imported } = upload.json();
    const columns = await columnsOf(datasourceId);
    expect(columns.find((c) => c.field_name === 'brutto')).toMatchObject({
      data_type: 'decimal',
      currency: 'EUR',
    });
    expect(columns.find((c) => c.field_name === 'name')).toMatchObject({ currency: null });
    const item = (field: string, display: string, extra: object = {}) => ({
      source_table_name: 'paypal.csv',
      destination_table_name: imported.destination_table_name,
      field_name: field,
      display_name: display,
      ...extra,
    });
    const onboard = await t.app.inject({
      method: 'POST',
      url: '/v1/metrics_hub/onboard',
      headers: shop.owner.headers,
      payload: {
        datasource_id: datasourceId,
        metrics: [
          item('brutto', 'Gross', {
            aggregation: { type: 'operation', value: 'sum' },
            kpi_format: 'currency',
            currency: 'EUR',
          }),
          item('netto', 'Net', { aggregation: { type: 'operation', value: 'sum' }, kpi_format: 'currency' }),
          item('gebuhr', 'Fees', { aggregation: { type: 'operation', value: 'sum' } }),
        ],
        dimensions: [item('typ', 'Typ', { aggregation: { type: 'formula', value: 'typ' } })],
      },
    });
    expect(onboard.statusCode, onboard.body).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/metrics_hub/metrics?count=50',
      headers: shop.owner.headers,
    });
    const byName = Object.fromEntries(
      (
        list.json().rows as Array<{
          kpi_display_name: string;
          kpi_format: string;
          kpi_currency: string | null;
        }>
      ).map((r) => [r.kpi_display_name, [r.kpi_format, r.kpi_currency]]),
    );
    // The workspace counts in US dollars: Gross keeps its euros, Net (no currency sent) reads the workspace's.
    expect(byName).toMatchObject({
      Gross: ['currency', 'EUR'],
      Net: ['currency', 'USD'],
      Fees: ['number', null],
    });
    const gross = (list.json().rows as Array<{ kpi_id: string; kpi_display_name: string }>).find(
      (r) => r.kpi_display_name === 'Gross',
    )!;
    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/metrics_hub/metrics/${gross.kpi_id}`,
      headers: shop.owner.headers,
    });
    expect(detail.json()).toMatchObject({ kpi_format: 'currency', kpi_currency: 'EUR' });
  });

  it('reads offset-less times in the zone chosen in the preview and rejects only the stray-quote row', async () => {
    const upload = await uploadCsv(
      t,
      shop.owner.headers,
      { name: 'orders.csv', content: fixture('stray-quote.csv') },
      { column_time_zones: JSON.stringify({ created_at: 'America/New_York' }) },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const { import: imported, datasource_id: datasourceId } = upload.json();
    expect(imported).toMatchObject({ rows_imported: 299, rows_rejected: 1 });
    expect(imported.errors.map((e: { line: number }) => e.line)).toEqual([43]);
    const created = (await columnsOf(datasourceId)).find((c) => c.field_name === 'created_at');
    expect(created).toMatchObject({ data_type: 'timestamptz', time_zone: 'America/New_York' });
    const [row] = await t.db.query<{ at: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at from "${imported.destination_table_name}" where order_id = 1000`,
    );
    expect(row!.at).toBe('2024-03-01 05:15');
  });

  it('refuses a zone that does not exist', async () => {
    const upload = await uploadCsv(
      t,
      shop.owner.headers,
      { name: 'orders.csv', content: fixture('stray-quote.csv') },
      { column_time_zones: JSON.stringify({ created_at: 'Mars/Olympus' }) },
    );
    expect(upload.statusCode).toBe(400);
    expect(upload.json().message).toContain('"Mars/Olympus" is not a time zone');
  });
});
