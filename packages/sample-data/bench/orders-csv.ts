/**
 * Throughput of ordersCsvChunks, the ingest benchmark's big file: generation alone, then (with --out)
 * written to disk. Prints figures; asserts nothing.
 *
 *   npm run bench -w @tidemark/sample-data -- --rows 5000000 --out /tmp/orders-5m.csv
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { ordersCsvChunks } from '../src/index';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '5000000' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
const rows = Number(values.rows);
const seed = Number(values.seed);

function report(label: string, started: number, cpuStart: NodeJS.CpuUsage, bytes: number): void {
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `${label}: ${rows.toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s ` +
      `(cpu ${cpuSeconds.toFixed(2)} s) → ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s, ` +
      `${(bytes / 1e6 / seconds).toFixed(0)} MB/s`,
  );
}

let started = performance.now();
let cpuStart = process.cpuUsage();
let bytes = 0;
for (const chunk of ordersCsvChunks({ rows, seed })) bytes += chunk.length;
report('generate', started, cpuStart, bytes);

if (values.out) {
  started = performance.now();
  cpuStart = process.cpuUsage();
  const file = createWriteStream(values.out);
  bytes = 0;
  for (const chunk of ordersCsvChunks({ rows, seed })) {
    bytes += chunk.length;
    if (!file.write(chunk, 'latin1')) await once(file, 'drain');
  }
  file.end();
  await once(file, 'finish');
  report(`write ${values.out}`, started, cpuStart, bytes);
}
