import { expect } from 'vitest';
import { retailHolidays } from '../../apps/server/src/modules/pipelines/holidays';
import type { RunningServer } from './harness';

const CSV_CONNECTOR = '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c01';
const DAY = 86_400_000;
/** Days of orders before today. */
export const HISTORY_DAYS = 100;
/**
 * How many days before today the spike may be, in order of preference: complete days, well inside the week
 * in which a daily anomaly is still fresh enough to alert (FRESH_MS in notifications.service.ts).
 */
const SPIKE_DAYS_AGO = [5, 4, 3, 6, 2] as const;
/** A spike day this close to a retail holiday is not ordinary (it covers every workspace's time zone). */
const HOLIDAY_MARGIN = DAY;

const holidaysOfYear = new Map<number, ReturnType<typeof retailHolidays>>();
function holidaysOf(year: number) {
  let list = holidaysOfYear.get(year);
  if (!list)
    holidaysOfYear.set(year, (list = retailHolidays(Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1), 'UTC')));
  return list;
}

/** Whether a UTC day is ordinary: no day of the retail calendar within a day of it, in any time zone. */
export function isOrdinaryDay(dayStart: number): boolean {
  const from = dayStart - HOLIDAY_MARGIN;
  const to = dayStart + DAY + HOLIDAY_MARGIN;
  const years = new Set([new Date(from).getUTCFullYear(), new Date(to).getUTCFullYear()]);
  return [...years].every((y) => holidaysOf(y).every((h) => h.end <= from || h.start >= to));
}

/** Where the orders and their spike lie for a given now: UTC days, the spike on the most recent ordinary one. */
export function recentSpikeLayout(now: number): { start: number; end: number; spikeDay: number } | null {
  const today = Math.floor(now / DAY) * DAY;
  const daysAgo = SPIKE_DAYS_AGO.find((n) => isOrdinaryDay(today - n * DAY));
  if (daysAgo === undefined) return null;
  return { start: today - HISTORY_DAYS * DAY, end: today, spikeDay: today - daysAgo * DAY };
}

/** The time a test may take from planning its clock to uploading the orders. */
export const UPLOAD_WITHIN_MS = 2 * 3_600_000;

/**
 * How far ahead of `now` the product's clock must run for the spike to land on an ordinary recent day: 0 on
 * most days; around Thanksgiving and Cyber week, when every recent day is a holiday, the first whole number of
 * days that clears them. The layout must also hold when the upload comes a little later (past midnight).
 */
export function recentSpikeClockShift(now: number): number {
  for (let days = 0; days <= 21; days++) {
    const t = now + days * DAY;
    if (recentSpikeLayout(t) && recentSpikeLayout(t + UPLOAD_WITHIN_MS)) return days * DAY;
  }
  throw new Error(`no ordinary recent day within three weeks of ${new Date(now).toISOString()}`);
}

/** Countries of the orders and their usual orders a day; the first one spikes. */
export type SpikeCountries = ReadonlyArray<readonly [name: string, perDay: number]>;
const COUNTRIES: SpikeCountries = [
  ['US', 40],
  ['DE', 30],
  ['GB', 20],
];

/**
 * A store's orders for the 100 days before `now`'s day, steady with a weekly rhythm, except on a recent
 * ordinary day (recentSpikeLayout), when the first country's orders (the US) jumped sixfold: a fresh anomaly
 * for the pipeline to find and alert about.
 */
export function ordersWithRecentSpike(now: number, countries: SpikeCountries = COUNTRIES): string {
  const layout = recentSpikeLayout(now);
  if (!layout)
    throw new Error(`no ordinary recent day before ${new Date(now).toISOString()}: shift the clock`);
  const lines = ['order_id,created_at,country,channel,revenue'];
  let id = 1;
  let seed = 11;
  const noise = () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 0.3;
  for (let day = layout.start; day < layout.end; day += DAY) {
    const weekly = [1, 0.9, 0.95, 1, 1.1, 1.3, 1.2][new Date(day).getUTCDay()]!;
    for (const [i, [country, perDay]] of countries.entries()) {
      let orders = Math.round(perDay * weekly * (1 + noise()));
      if (day === layout.spikeDay && i === 0) orders *= 6;
      for (let k = 0; k < orders; k++) {
        const at = new Date(day + ((k * 7919) % 86_400) * 1000).toISOString();
        lines.push(`${id++},${at},${country},${k % 2 ? 'Email' : 'Direct'},${(30 + (k % 11)).toFixed(2)}`);
      }
    }
  }
  return lines.join('\n') + '\n';
}

/**
 * Uploads those orders (dated by the server's clock: start it with `clockShiftMs: recentSpikeClockShift(...)`)
 * and configures them as the data wizard does (a count named Orders unless `metric` says otherwise, by Country
 * and Channel unless `byChannel` is false, dated by created_at): the series, the pipeline and the alerts follow
 * from the product's own jobs.
 */
export async function uploadOrdersWithSpike(
  server: RunningServer,
  session: { cookie: string; csrf: string },
  options: { countries?: SpikeCountries; metric?: string; byChannel?: boolean } = {},
): Promise<void> {
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
  const form = new FormData();
  form.append('connector_uuid', CSV_CONNECTOR);
  form.append('csvFile', new Blob([ordersWithRecentSpike(server.now(), options.countries)]), 'orders.csv');
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
      metrics: [item('order_id', options.metric ?? 'Orders', { type: 'operation', value: 'count' })],
      dimensions: [
        item('country', 'Country'),
        ...(options.byChannel === false ? [] : [item('channel', 'Channel')]),
      ],
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
