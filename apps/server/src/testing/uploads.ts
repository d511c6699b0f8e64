import type { TestApp } from './build-test-app';

/** A multipart body as a browser's FormData makes it: text fields first, then the file. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { name: string; content: string | Uint8Array; field?: string },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.field ?? 'csvFile', new Blob([file.content]), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export const CSV_CONNECTOR_UUID = '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c01';
export const POSTGRES_CONNECTOR_UUID = '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c03';
export const MYSQL_CONNECTOR_UUID = '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c04';
export const SHOPIFY_CONNECTOR_UUID = '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c02';

/** Uploads a CSV through POST /v1/connections as the web app does. */
export async function uploadCsv(
  t: TestApp,
  headers: Record<string, string>,
  file: { name: string; content: string | Uint8Array },
  fields: Record<string, string> = {},
) {
  const body = await multipartBody({ connector_uuid: CSV_CONNECTOR_UUID, ...fields }, file);
  return t.app.inject({
    method: 'POST',
    url: '/v1/connections',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** A metric or dimension as the configure-metrics step sends it: a field and its name, with its aggregation. */
export type OnboardField = [field: string, display: string, aggregation?: { type: string; value: string }];

/**
 * A CSV uploaded and configured as the data wizard does: uploaded, its metrics and dimensions onboarded, its
 * date column chosen. Each answer is checked; the jobs it starts are left to the caller.
 */
export async function uploadAndConfigure(
  t: TestApp,
  headers: Record<string, string>,
  input: {
    file: { name: string; content: string };
    metrics: OnboardField[];
    dimensions: OnboardField[];
    dateColumn: string;
  },
): Promise<{ datasourceId: string; table: string }> {
  const upload = await uploadCsv(t, headers, input.file);
  if (upload.statusCode !== 200) throw new Error(`upload answered ${upload.statusCode}: ${upload.body}`);
  const { datasource_id: datasourceId, import: imported } = upload.json() as {
    datasource_id: string;
    import: { destination_table_name: string };
  };
  const item = ([field, display, aggregation]: OnboardField) => ({
    source_table_name: input.file.name,
    destination_table_name: imported.destination_table_name,
    field_name: field,
    display_name: display,
    ...(aggregation ? { aggregation } : {}),
  });
  const send = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers, payload });
    if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  };
  await send('POST', '/v1/metrics_hub/onboard', {
    datasource_id: datasourceId,
    metrics: input.metrics.map(item),
    dimensions: input.dimensions.map(item),
  });
  await send('PATCH', '/v1/preferences/pipelines', {
    preference_value: { date_column: input.dateColumn },
    datasource_id: datasourceId,
  });
  return { datasourceId, table: imported.destination_table_name };
}

/**
 * A small store's orders: `days` days up to 2025-03-01 (UTC), a few dozen orders a day across channels and
 * countries, with the given extra lines appended (bad rows, say).
 */
export function ordersCsv(options: { days?: number; extraLines?: string[]; spikeDay?: number } = {}): string {
  const days = options.days ?? 60;
  const channels = ['Email', 'Paid Search', 'Direct'];
  const countries = ['US', 'DE', 'GB'];
  const lines = ['Order ID,Created At,Channel,Country,Revenue,Status,Refund Amount'];
  let id = 1000;
  const start = Date.UTC(2025, 0, 1);
  for (let d = 0; d < days; d++) {
    const perDay = 20 + (d % 7 === 6 ? 8 : 0) + (d === options.spikeDay ? 60 : 0);
    for (let k = 0; k < perDay; k++) {
      const ts = new Date(start + d * 86_400_000 + ((k * 7919) % 86_400) * 1000);
      const revenue = 20 + ((k * 37 + d * 11) % 90) + 0.5;
      const status = k % 17 === 0 ? 'cancelled' : k % 23 === 0 ? 'refunded' : 'paid';
      lines.push(
        `${id++},${ts.toISOString()},${channels[k % 3]},${countries[(k + d) % 3]},${revenue.toFixed(2)},${status},${status === 'refunded' ? revenue.toFixed(2) : '0.00'}`,
      );
    }
  }
  return [...lines, ...(options.extraLines ?? [])].join('\n') + '\n';
}
