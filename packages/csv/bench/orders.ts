/** Deterministic orders CSV for the benchmarks. */

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

/** About `targetBytes` of realistic orders CSV (a header, then rows), the same for every run. */
export function generateOrders(targetBytes: number): { bytes: Uint8Array; rows: number } {
  const random = mulberry32(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
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
