/**
 * Reads a large fake store through the connector and prints throughput and memory, to show the JSONL
 * file is streamed rather than held. Run:
 *   npx tsx apps/server/src/modules/connections/connectors/shopify/bench.ts [orders]
 * With --expose-gc it also samples the retained heap (a collection every 10,000 rows slows the read).
 * The export time is the fake writing its file, not a figure for Shopify.
 */
import { startFakeShopify } from '../../../../testing/fake-shopify';
import { createShopifyConnector } from './shopify-connector';

const orders = Number(process.argv[2] ?? 20_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const fake = await startFakeShopify({
  store: { orders, customers: Math.ceil(orders / 4), products: 200, days: 365 },
});
const connector = createShopifyConnector(
  { shopDomain: fake.shopDomain, accessToken: fake.accessToken, endpoint: fake.url },
  { pollIntervalMs: 20, maxPollIntervalMs: 200 },
);

try {
  for (const table of ['orders', 'order_line_items', 'customers', 'products']) {
    const columns = await connector.readSchema(table);
    // Retained heap, sampled after a collection every 10,000 rows, is what streaming keeps flat.
    const gc = global.gc;
    const retained = () => {
      gc?.();
      return process.memoryUsage().heapUsed;
    };
    let baseline = 0;
    let peak = 0;
    let rows = 0;
    let nextSample = 0;
    const started = performance.now();
    let firstRowAt = 0;
    for await (const batch of connector.readRows(table, { columns, cursorColumn: 'updated_at' })) {
      if (rows === 0) {
        firstRowAt = performance.now();
        if (gc) baseline = retained();
      }
      rows += batch.length;
      if (gc && rows >= nextSample) {
        peak = Math.max(peak, retained() - baseline);
        nextSample += 10_000;
      }
    }
    const ended = performance.now();
    const file = fake.bulkOperations.at(-1)?.result?.fileSize ?? 0;
    const streaming = (ended - firstRowAt) / 1000;
    console.log(
      `${table.padEnd(17)} ${String(rows).padStart(7)} rows  file ${mb(file).padStart(9)}  ` +
        `export+poll ${((firstRowAt - started) / 1000).toFixed(2)} s  download+parse ${streaming.toFixed(2)} s ` +
        `(${Math.round(rows / streaming)} rows/s)  ${gc ? `retained heap growth ${mb(peak)}` : '(memory: run with --expose-gc)'}`,
    );
  }
} finally {
  await connector.close();
  await fake.stop();
}
