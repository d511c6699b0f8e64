/**
 * Generates the sample store, prints its size and timing, and with --out writes orders.csv,
 * traffic.csv and answer-key.json there (the files the demo workspace imports).
 *
 *   npm run store -w @tidemark/sample-data -- --seed 7 --end 2026-01-20T05:00:00Z --out /tmp/store
 */
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { answerKeyJson, generateStore, toCsv, type SampleTable } from '../src/index';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '7' },
    end: { type: 'string' },
    months: { type: 'string', default: '13' },
    timezone: { type: 'string', default: 'America/New_York' },
    out: { type: 'string' },
  },
});

const planStarted = performance.now();
const store = generateStore({
  seed: Number(values.seed),
  end: values.end ? new Date(values.end) : new Date(),
  months: Number(values.months),
  timezone: values.timezone,
});
console.log(
  `plan: ${store.start.toISOString()} → ${store.end.toISOString()} (${store.timezone}), ` +
    `${(performance.now() - planStarted).toFixed(0)} ms`,
);
if (values.out) mkdirSync(values.out, { recursive: true });

async function measure(table: SampleTable): Promise<void> {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const file = values.out ? createWriteStream(join(values.out, `${table.name}.csv`)) : undefined;
  let bytes = 0;
  let lines = -1;
  for (const chunk of toCsv(table)) {
    bytes += chunk.length;
    for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) lines++;
    if (file && !file.write(chunk)) await once(file, 'drain');
  }
  if (file) {
    file.end();
    await once(file, 'finish');
  }
  const cpu = process.cpuUsage(cpuStart);
  console.log(
    `${table.name}: ${lines.toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(1)} MB, ` +
      `${((performance.now() - started) / 1000).toFixed(2)} s (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s)`,
  );
}

for (const table of store.tables) await measure(table);
if (values.out) writeFileSync(join(values.out, 'answer-key.json'), answerKeyJson(store));
console.log(`anomalies: ${store.answerKey.anomalies.map((a) => `${a.id} ${a.start}`).join(', ')}`);
