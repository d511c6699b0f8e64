// npm run bench:csv — the reader and converter alone, on ~100 MB of generated orders in 64 KB chunks.
import { CsvReader, createRowConverter, inferColumns, sniff } from '../src';

const channels = ['Direct', 'Organic Search', 'Paid Search', 'Email', 'Social'];
const countries = ['US', 'CA', 'GB', 'DE', 'AU', 'FR'];
const lines: string[] = [
  'order_id,created_at,email,channel,country,device,category,status,revenue,refund_amount,items,product',
];
let seed = 7;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
for (let i = 1; i <= 520_000; i++) {
  const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(rand() * 365 * 86_400_000));
  const product = rand() < 0.2 ? `"Linen shirt, size ${1 + Math.floor(rand() * 5)}"` : 'Canvas tote';
  lines.push(
    `${i},${day.toISOString().replace('T', ' ').slice(0, 19)} -0500,buyer${i}@example.com,${channels[i % 5]},${countries[i % 6]},${i % 3 ? 'Mobile' : 'Desktop'},Apparel,paid,${(20 + rand() * 180).toFixed(2)},0.00,${1 + (i % 4)},${product}`,
  );
}
const bytes = new TextEncoder().encode(`${lines.join('\n')}\n`);
const CHUNK = 65_536;

function run(): { ms: number; rows: number } {
  const dialect = sniff(bytes.subarray(0, 1_048_576));
  const reader = new CsvReader(dialect);
  let converter: ReturnType<typeof createRowConverter> | null = null;
  let rows = 0;
  let outBytes = 0;
  const encoder = new TextEncoder();
  const start = performance.now();
  const handle = (batch: ReturnType<CsvReader['push']>) => {
    if (!converter) {
      const [header, ...rest] = batch.rows;
      converter = createRowConverter(inferColumns(header!, rest.slice(0, 2000), dialect));
      batch = { rows: rest, lines: batch.lines.slice(1), malformed: batch.malformed };
    }
    const out = converter.convert(batch);
    rows += out.rows;
    outBytes += encoder.encode(out.text).length;
  };
  for (let at = 0; at < bytes.length; at += CHUNK) handle(reader.push(bytes.subarray(at, at + CHUNK)));
  handle(reader.end());
  void outBytes;
  return { ms: performance.now() - start, rows };
}

run(); // warm up
const { ms, rows } = run();
const mb = bytes.length / 1_048_576;
console.log(`csv: ${mb.toFixed(1)} MB, ${rows.toLocaleString('en-US')} rows in ${(ms / 1000).toFixed(2)} s`);
console.log(
  `csv mb_per_s=${(mb / (ms / 1000)).toFixed(1)} rows_per_s=${Math.round(rows / (ms / 1000))} heap_mb=${Math.round(process.memoryUsage().heapUsed / 1_048_576)}`,
);
