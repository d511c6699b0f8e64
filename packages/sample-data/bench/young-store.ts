/**
 * Generates the young store and with --out writes its orders.csv (the file to upload in the CSV wizard)
 * and answer-key.json there; prints its size, span and what the key holds.
 *
 *   npm run young-store -w @tidemark/sample-data -- --seed 1 --end 2026-11-24T14:00:00Z --out /tmp/young
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { answerKeyJson, generateYoungStore, toCsv } from '../src/index';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    end: { type: 'string' },
    timezone: { type: 'string', default: 'Europe/London' },
    out: { type: 'string' },
  },
});

const started = performance.now();
const store = generateYoungStore({
  seed: Number(values.seed),
  end: values.end ? new Date(values.end) : new Date(),
  timezone: values.timezone,
});
const csv = [...toCsv(store.orders)].join('');
const rows = csv.split('\n').length - 2;
console.log(
  `young store: ${store.start.toISOString()} → ${store.end.toISOString()} (${store.timezone}, ${store.currency}), ` +
    `${rows.toLocaleString('en-US')} orders, ${(csv.length / 1e6).toFixed(2)} MB, ` +
    `${(performance.now() - started).toFixed(0)} ms`,
);
if (values.out) {
  mkdirSync(values.out, { recursive: true });
  writeFileSync(join(values.out, 'orders.csv'), csv);
  writeFileSync(join(values.out, 'answer-key.json'), answerKeyJson(store));
}
const key = store.answerKey;
console.log(`anomalies: ${key.anomalies.map((a) => `${a.id} ${a.start}`).join(', ')}`);
const kinds = new Map<string, number>();
for (const entry of key.notAnomalies) kinds.set(entry.kind, (kinds.get(entry.kind) ?? 0) + 1);
console.log(`not to raise: ${[...kinds].map(([kind, n]) => `${n} ${kind}`).join(', ')}`);
