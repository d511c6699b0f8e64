import { createWorkspace, type Actor, type TestApp } from './build-test-app';
import { uploadAndConfigure } from './uploads';

/** Shape of the store below: days of data, the day of the spike, the first day Germany sells nothing. */
export const INSIGHT_STORE = {
  DAYS: 120,
  SPIKE_DAY: 90,
  DROP_FROM: 104,
  START: Date.UTC(2025, 0, 5),
} as const;

/**
 * A store with a steady weekly rhythm: on one day orders jump fourfold everywhere, and from a later day
 * Germany's orders stop while the other countries carry on.
 */
export function insightStoreCsv(
  shape: { DAYS: number; SPIKE_DAY: number; DROP_FROM: number } = INSIGHT_STORE,
): string {
  const { DAYS, SPIKE_DAY, DROP_FROM } = shape;
  const lines = ['order_id,created_at,country,channel,revenue'];
  let id = 1;
  let seed = 7;
  // A store's counts are noisy: a fixed-seed generator keeps the test repeatable.
  const noise = () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 0.3;
  const start = INSIGHT_STORE.START;
  for (let d = 0; d < DAYS; d++) {
    const weekly = [1, 0.9, 0.95, 1, 1.1, 1.3, 1.2][d % 7]!;
    for (const country of ['US', 'DE', 'GB']) {
      const base = country === 'US' ? 40 : country === 'DE' ? 30 : 20;
      let orders = Math.round(base * weekly * (1 + noise()));
      // The spike comes mostly from the US: root cause should say so.
      if (d === SPIKE_DAY) orders *= country === 'US' ? 6 : 1.3;
      orders = Math.round(orders);
      if (country === 'DE' && d >= DROP_FROM) orders = 0;
      for (let k = 0; k < orders; k++) {
        const ts = new Date(start + d * 86_400_000 + ((k * 7919) % 86_400) * 1000);
        lines.push(
          `${id++},${ts.toISOString()},${country},${k % 2 ? 'Email' : 'Direct'},${(30 + (k % 11)).toFixed(2)}`,
        );
      }
    }
  }
  return lines.join('\n') + '\n';
}

/**
 * A workspace holding the store above, with Orders (count) and Average Order Value (a formula) by country
 * and channel, its series computed and its pipelines run: insights, groups and root cause are stored.
 */
export async function createInsightWorkspace(
  t: TestApp,
  csv: string = insightStoreCsv(),
): Promise<{ shop: { tenant: { tenant_id: number }; owner: Actor }; datasourceId: string; table: string }> {
  const shop = await createWorkspace(t);
  const { datasourceId, table } = await uploadAndConfigure(t, shop.owner.headers, {
    file: { name: 'orders.csv', content: csv },
    metrics: [
      ['order_id', 'Orders', { type: 'operation', value: 'count' }],
      ['revenue', 'Average Order Value', { type: 'formula', value: 'sum(revenue) / count(order_id)' }],
    ],
    dimensions: [
      ['country', 'Country'],
      ['channel', 'Channel'],
    ],
    dateColumn: 'created_at',
  });
  // Series, then the pipelines they ask for.
  await t.app.jobs.waitForIdle();
  return { shop, datasourceId, table };
}
