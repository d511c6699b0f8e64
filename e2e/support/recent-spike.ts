import { expect } from 'vitest';
import type { RunningServer } from './harness';

const CSV_CONNECTOR = '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c01';
const DAY = 86_400_000;

/**
 * A store's orders for the last 100 days up to now, steady with a weekly rhythm, except five days ago,
 * when US orders jumped sixfold: a fresh anomaly for the pipeline to find and alert about.
 */
export function ordersWithRecentSpike(): string {
  const lines = ['order_id,created_at,country,channel,revenue'];
  const today = Math.floor(Date.now() / DAY) * DAY;
  const start = today - 100 * DAY;
  let id = 1;
  let seed = 11;
  const noise = () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 0.3;
  for (let d = 0; d < 100; d++) {
    const day = start + d * DAY;
    const weekly = [1, 0.9, 0.95, 1, 1.1, 1.3, 1.2][new Date(day).getUTCDay()]!;
    for (const country of ['US', 'DE', 'GB']) {
      let orders = Math.round((country === 'US' ? 40 : country === 'DE' ? 30 : 20) * weekly * (1 + noise()));
      if (d === 95 && country === 'US') orders *= 6;
      for (let k = 0; k < orders; k++) {
        const at = new Date(day + ((k * 7919) % 86_400) * 1000).toISOString();
        lines.push(`${id++},${at},${country},${k % 2 ? 'Email' : 'Direct'},${(30 + (k % 11)).toFixed(2)}`);
      }
    }
  }
  return lines.join('\n') + '\n';
}

/**
 * Uploads those orders and configures them as the data wizard does (Orders counted, by Country and Channel,
 * dated by created_at): the series, the pipeline and the alerts follow from the product's own jobs.
 */
export async function uploadOrdersWithSpike(
  server: RunningServer,
  session: { cookie: string; csrf: string },
): Promise<void> {
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  const form = new FormData();
  form.append('connector_uuid', CSV_CONNECTOR);
  form.append('csvFile', new Blob([ordersWithRecentSpike()]), 'orders.csv');
  const upload = await fetch(`${server.url}/v1/connections`, { method: 'POST', headers, body: form });
  expect(upload.status, await upload.clone().text()).toBe(200);
  const uploaded = (await upload.json()) as {
    datasource_id: string;
    import: { destination_table_name: string };
  };
  const item = (field: string, display: string, aggregation?: object) => ({
    source_table_name: 'orders.csv',
    destination_table_name: uploaded.import.destination_table_name,
    field_name: field,
    display_name: display,
    ...(aggregation ? { aggregation } : {}),
  });
  const json = { ...headers, 'content-type': 'application/json' };
  const onboard = await fetch(`${server.url}/v1/metrics_hub/onboard`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      datasource_id: uploaded.datasource_id,
      metrics: [item('order_id', 'Orders', { type: 'operation', value: 'count' })],
      dimensions: [item('country', 'Country'), item('channel', 'Channel')],
    }),
  });
  expect(onboard.status, await onboard.clone().text()).toBe(200);
  const pref = await fetch(`${server.url}/v1/preferences/pipelines`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({
      preference_value: { date_column: 'created_at' },
      datasource_id: uploaded.datasource_id,
    }),
  });
  expect(pref.status, await pref.clone().text()).toBe(200);
}
