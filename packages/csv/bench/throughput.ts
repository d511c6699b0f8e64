/**
 * Throughput of the tokenizer and of the whole CSV → COPY text conversion on ~100 MB of generated
 * orders, pushed in 64 KB chunks. Run: npm run bench:csv -- [megabytes] [rounds]
 */
import { CsvTokenizer, createCsvToCopy, inspectCsv } from '../src/index';
import { generateOrders } from './orders';

const targetBytes = Number(process.argv[2] ?? 100) * 1024 * 1024;
const CHUNK = 64 * 1024;

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

interface Timing {
  wall: number;
  cpu: number;
  peakHeap: number;
}

/** Pushes the input in 64 KB chunks; wall and CPU seconds (the CPU figure is steadier on a shared machine). */
function time(bytes: Uint8Array, body: (chunk: Uint8Array) => void, end: () => void): Timing {
  let peakHeap = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let at = 0, n = 0; at < bytes.length; at += CHUNK, n++) {
    body(bytes.subarray(at, Math.min(at + CHUNK, bytes.length)));
    if (n % 256 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }
  end();
  const cpu = process.cpuUsage(cpu0);
  return { wall: (performance.now() - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6, peakHeap };
}

function report(label: string, bytes: Uint8Array, rows: number, timings: Timing[]): void {
  const wall = Math.min(...timings.map((t) => t.wall));
  const cpu = Math.min(...timings.map((t) => t.cpu));
  const peakHeap = Math.max(...timings.map((t) => t.peakHeap));
  const rate = (seconds: number): string =>
    `${(bytes.length / 1024 / 1024 / seconds).toFixed(0).padStart(4)} MB/s ${(rows / seconds / 1000).toFixed(0).padStart(5)}k rows/s`;
  console.log(
    `${label.padEnd(20)} wall ${rate(wall)} (${wall.toFixed(2)} s)   cpu ${rate(cpu)} (${cpu.toFixed(2)} s)   peak heap ${mb(peakHeap)} MB`,
  );
}

const { bytes, rows } = generateOrders(targetBytes);
console.log(
  `input: ${mb(bytes.length)} MB, ${rows} rows, ${(bytes.length / rows).toFixed(0)} bytes/row, 64 KB chunks`,
);

const { dialect, columns } = inspectCsv(bytes.subarray(0, 1 << 20));
console.log(`columns: ${columns.map((c) => `${c.field_name}:${c.type}`).join(' ')}`);

const rounds = Number(process.argv[3] ?? 3);
const tokenizerTimings: Timing[] = [];
const copyTimings: Timing[] = [];
let outBytes = 0;
for (let round = 1; round <= rounds; round++) {
  let records = 0;
  const tokenizer = new CsvTokenizer({
    delimiter: dialect.delimiter,
    onRecord: () => records++,
    onError: () => undefined,
  });
  tokenizerTimings.push(
    time(
      bytes,
      (c) => tokenizer.push(c),
      () => tokenizer.end(),
    ),
  );
  if (records !== rows + 1) throw new Error(`tokenizer read ${records} records, expected ${rows + 1}`);

  outBytes = 0;
  const convert = createCsvToCopy({ dialect, columns });
  const sink = (chunks: Uint8Array[]): void => {
    for (const c of chunks) outBytes += c.length;
  };
  copyTimings.push(
    time(
      bytes,
      (c) => sink(convert.push(c)),
      () => sink(convert.end()),
    ),
  );
  if (convert.rows !== rows || convert.errors.count !== 0) {
    throw new Error(
      `converted ${convert.rows} rows with ${convert.errors.count} errors: ${convert.errors.first[0]?.reason}`,
    );
  }
}
console.log(`best of ${rounds} rounds:`);
report('tokenizer only', bytes, rows, tokenizerTimings);
report('csv → COPY text', bytes, rows, copyTimings);
console.log(
  `output: ${mb(outBytes)} MB of COPY text; process rss ${mb(process.memoryUsage().rss)} MB (the input is held in memory)`,
);
