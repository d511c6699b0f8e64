/**
 * Throughput of the tokenizer and of the whole CSV → COPY text conversion on ~100 MB of generated
 * orders, pushed in 64 KB chunks. Run: npm run bench:csv -- [megabytes] [rounds]
 */
import { CsvTokenizer, createCsvToCopy, inspectCsv } from '../src/index';

const targetBytes = Number(process.argv[2] ?? 100) * 1024 * 1024;
const CHUNK = 64 * 1024;

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const channels = ['organic', 'paid_search', 'email', 'social', 'referral', 'direct'];
const countries = ['US', 'GB', 'DE', 'FR', 'CA', 'AU', 'NL', 'IN'];
const devices = ['desktop', 'mobile', 'tablet'];
const categories = ['Apparel', 'Footwear', 'Accessories', 'Home & Living', 'Beauty', 'Electronics'];
const statuses = ['paid', 'refunded', 'partially_refunded', 'pending', 'cancelled'];
const offsets = ['-05:00', '+00:00', '+01:00', '+05:30', '-08:00', 'Z'];
const adjectives = ['Classic', 'Organic cotton', 'Slim fit', 'Waterproof', 'Recycled', 'Limited edition'];
const products = ['T-shirt', 'Hoodie', 'Sneakers', 'Backpack', 'Desk lamp', 'Face cream', 'Headphones'];
const firstNames = [
  'olivia',
  'liam',
  'emma',
  'noah',
  'amelia',
  'oliver',
  'sophia',
  'elijah',
  'chloé',
  'mateo',
];
const lastNames = ['johnson', 'williams', 'garcia', 'martinez', 'anderson', 'thompson', 'müller', 'okafor'];
const domains = [
  'gmail.com',
  'outlook.com',
  'yahoo.co.uk',
  'icloud.com',
  'protonmail.com',
  'example-shop.de',
];
const colours = ['navy', 'black', 'off-white', 'forest green', 'sand'];
const brands = ['Northwind Outfitters', 'Acme Home', 'Blue Harbor', 'Maison Lumière', 'Tidewater Goods'];

function generate(): { bytes: Uint8Array; rows: number } {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let size = 0;
  let rows = 0;
  const header =
    'order_id,created_at,customer_email,channel,country,device,category,status,revenue,refund,items,product_name\n';
  parts.push(encoder.encode(header));
  size += parts[0]!.length;
  const start = Date.UTC(2023, 0, 1);
  while (size < targetBytes) {
    let text = '';
    for (let k = 0; k < 5000; k++) {
      rows++;
      const created = new Date(start + rows * 6_000 + Math.floor(random() * 5000)).toISOString().slice(0, 19);
      const revenue = (random() * 400 + 5).toFixed(2);
      const status = pick(statuses);
      const refund =
        status === 'refunded'
          ? revenue
          : status === 'partially_refunded'
            ? (random() * 5).toFixed(2)
            : '0.00';
      const name = `${pick(adjectives)} ${pick(products)} (${pick(colours)}) by ${pick(brands)}`;
      const product =
        random() < 0.3 ? `"${name}, ${pick(colours)}, size ${pick(['S', 'M', 'L', 'XL'])}"` : name;
      text +=
        `${100_000_000 + rows},${created}${pick(offsets)},` +
        `${pick(firstNames)}.${pick(lastNames)}${Math.floor(random() * 10000)}@${pick(domains)},` +
        `${pick(channels)},${pick(countries)},${pick(devices)},${pick(categories)},${status},${revenue},${refund},` +
        `${1 + Math.floor(random() * 6)},${product}\n`;
    }
    const encoded = encoder.encode(text);
    parts.push(encoded);
    size += encoded.length;
  }
  const bytes = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    bytes.set(p, o);
    o += p.length;
  }
  return { bytes, rows };
}

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

const { bytes, rows } = generate();
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
