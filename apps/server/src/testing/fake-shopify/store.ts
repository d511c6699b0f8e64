/**
 * A small, deterministic Shopify store: the same seed always gives the same products, customers and
 * orders, so tests can compute their expectations from the store itself. Money is kept in cents and
 * rendered the way Shopify renders a Decimal.
 */

export type FinancialStatus = 'PAID' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED' | 'VOIDED';
export type FulfillmentStatus = 'FULFILLED' | 'UNFULFILLED' | 'PARTIALLY_FULFILLED';
export type ProductStatus = 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
export type MarketingState = 'SUBSCRIBED' | 'NOT_SUBSCRIBED' | 'UNSUBSCRIBED' | 'PENDING';

export interface FakeVariant {
  id: string;
  title: string;
  sku: string;
  priceCents: number;
}

export interface FakeProduct {
  id: string;
  title: string;
  productType: string;
  vendor: string;
  status: ProductStatus;
  createdAt: Date;
  updatedAt: Date;
  variants: FakeVariant[];
}

export interface FakeCustomer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  marketingState: MarketingState;
  createdAt: Date;
  updatedAt: Date;
}

export interface FakeLineItem {
  id: string;
  productId: string;
  variantId: string;
  title: string;
  vendor: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
}

export interface FakeOrder {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  processedAt: Date;
  cancelledAt: Date | null;
  financialStatus: FinancialStatus;
  fulfillmentStatus: FulfillmentStatus;
  customerId: string | null;
  sourceName: string;
  countryCode: string | null;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  refundedCents: number;
  lineItems: FakeLineItem[];
}

export interface FakeShop {
  name: string;
  currencyCode: string;
  ianaTimezone: string;
}

export interface FakeStore {
  shop: FakeShop;
  products: FakeProduct[];
  customers: FakeCustomer[];
  orders: FakeOrder[];
}

export interface FakeStoreOptions {
  seed?: number;
  orders?: number;
  customers?: number;
  products?: number;
  /** Orders are spread over this many days starting at `start`. */
  days?: number;
  start?: string;
}

/** Numeric ids in the range Shopify uses today (13 digits), one block per resource. */
const ID_BASE = {
  Product: 8_000_000_000_000,
  ProductVariant: 45_000_000_000_000,
  Customer: 7_100_000_000_000,
  Order: 5_600_000_000_000,
  LineItem: 14_000_000_000_000,
} as const;

export type FakeResource = keyof typeof ID_BASE;

export const gid = (resource: FakeResource, n: number): string =>
  `gid://shopify/${resource}/${ID_BASE[resource] + n}`;

/** Shopify serialises a Decimal with at least one fractional digit and no trailing zeros ("12.5", "10.0"). */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  if (fraction === 0) return `${sign}${whole}.0`;
  return `${sign}${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

export const orderTotalCents = (o: FakeOrder): number => o.subtotalCents + o.shippingCents + o.taxCents;

/** mulberry32: tiny, fast and good enough to make a store look varied. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const ADJECTIVES = ['Harbor', 'Driftwood', 'Saltmarsh', 'Coral', 'Tidal', 'Lighthouse', 'Sandbar', 'Kelp'];
const NOUNS: Record<string, string[]> = {
  Apparel: ['Hoodie', 'Tee', 'Rain Jacket', 'Knit Sweater'],
  Footwear: ['Deck Shoe', 'Sandal', 'Trail Runner'],
  Accessories: ['Tote Bag', 'Beanie', 'Sunglasses', 'Water Bottle'],
  Home: ['Candle', 'Throw Blanket', 'Mug'],
};
const VENDORS = ['Tidewater Co', 'North Pier Goods', 'Saltmarsh Studio'];
const FIRST_NAMES = [
  'Ava',
  'Noah',
  'Mia',
  'Liam',
  'Zoe',
  'Ethan',
  'Ines',
  'Kenji',
  'Sara',
  'Omar',
  'Lena',
  'Theo',
];
const LAST_NAMES = [
  'Rivera',
  'Okafor',
  'Lindqvist',
  'Tanaka',
  'Moreau',
  'Schmidt',
  'Patel',
  'Nguyen',
  'Brooks',
];
const COUNTRIES = ['US', 'US', 'US', 'CA', 'GB', 'DE', 'AU', 'FR'];
const SOURCES = ['web', 'web', 'web', 'web', 'web', 'pos', 'shopify_draft_order', 'iphone', 'android'];
const MARKETING: MarketingState[] = ['SUBSCRIBED', 'SUBSCRIBED', 'NOT_SUBSCRIBED', 'UNSUBSCRIBED', 'PENDING'];

/** Builds the store; with no options: 20 products, 80 customers and 300 orders over 60 days from 2026-08-01. */
export function buildFakeStore(options: FakeStoreOptions = {}): FakeStore {
  const rnd = random(options.seed ?? 7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const between = (low: number, high: number): number => low + Math.floor(rnd() * (high - low + 1));
  const start = Date.parse(options.start ?? '2026-08-01T00:00:00Z');
  const days = options.days ?? 60;
  const end = start + days * DAY;
  // Shopify timestamps have whole seconds.
  const at = (ms: number): Date => new Date(Math.floor(ms / 1000) * 1000);

  const products: FakeProduct[] = [];
  let variantCount = 0;
  for (let p = 1; p <= (options.products ?? 20); p++) {
    const productType = pick(Object.keys(NOUNS));
    const title = `${pick(ADJECTIVES)} ${pick(NOUNS[productType] ?? ['Thing'])}`;
    const basePrice = between(12, 140) * 100 + pick([0, 0, 50, 99]);
    const createdAt = at(start - between(30, 400) * DAY - between(0, 23) * HOUR);
    const variants: FakeVariant[] = [];
    const sizes = pick([['Default Title'], ['S', 'M', 'L'], ['Small', 'Large']]);
    for (const size of sizes) {
      variantCount += 1;
      variants.push({
        id: gid('ProductVariant', variantCount),
        title: size,
        sku: `TM-${p}-${variantCount}`,
        priceCents: basePrice + (size === 'L' || size === 'Large' ? 500 : 0),
      });
    }
    const status: ProductStatus = p % 10 === 0 ? 'ARCHIVED' : p % 7 === 0 ? 'DRAFT' : 'ACTIVE';
    const edited = rnd() < 0.5;
    products.push({
      id: gid('Product', p),
      title,
      productType,
      vendor: pick(VENDORS),
      status,
      createdAt,
      updatedAt: edited ? at(start + rnd() * (end - start)) : createdAt,
      variants,
    });
  }
  const sellable = products.filter((p) => p.status !== 'DRAFT');

  const customers: FakeCustomer[] = [];
  for (let c = 1; c <= (options.customers ?? 80); c++) {
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const createdAt = at(start - between(0, 300) * DAY + between(0, 23) * HOUR);
    customers.push({
      id: gid('Customer', c),
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${c}@example.com`.toLowerCase(),
      countryCode: pick(COUNTRIES),
      marketingState: pick(MARKETING),
      createdAt,
      updatedAt: createdAt,
    });
  }

  const orders: FakeOrder[] = [];
  const orderCount = options.orders ?? 300;
  let lineItemCount = 0;
  for (let o = 1; o <= orderCount; o++) {
    // Spread evenly over the window with jitter, so every day has orders and they stay in id order.
    const slot = (end - start) / orderCount;
    const createdAt = at(start + (o - 1) * slot + rnd() * slot);
    const customer = rnd() < 0.1 ? null : pick(customers);
    const lineItems: FakeLineItem[] = [];
    for (let l = between(1, 4); l > 0; l--) {
      const product = pick(sellable.length > 0 ? sellable : products);
      const variant = pick(product.variants);
      const quantity = between(1, 3);
      const discounted = rnd() < 0.2;
      lineItemCount += 1;
      lineItems.push({
        id: gid('LineItem', lineItemCount),
        productId: product.id,
        variantId: variant.id,
        title: product.title,
        vendor: product.vendor,
        sku: variant.sku,
        quantity,
        unitPriceCents: variant.priceCents,
        discountCents: discounted ? Math.round(variant.priceCents * quantity * 0.1) : 0,
      });
    }
    const gross = lineItems.reduce((sum, li) => sum + li.unitPriceCents * li.quantity, 0);
    const discountCents = lineItems.reduce((sum, li) => sum + li.discountCents, 0);
    const subtotalCents = gross - discountCents;
    const shippingCents = subtotalCents >= 10_000 ? 0 : pick([499, 799, 1299]);
    const taxCents = Math.round(subtotalCents * 0.08);
    const totalCents = subtotalCents + shippingCents + taxCents;

    const roll = rnd();
    const cancelled = roll < 0.03;
    const financialStatus: FinancialStatus = cancelled
      ? 'VOIDED'
      : roll < 0.08
        ? 'REFUNDED'
        : roll < 0.14
          ? 'PARTIALLY_REFUNDED'
          : roll < 0.2
            ? 'PENDING'
            : 'PAID';
    const refundedCents =
      financialStatus === 'REFUNDED'
        ? totalCents
        : financialStatus === 'PARTIALLY_REFUNDED'
          ? Math.round(totalCents * 0.3)
          : 0;
    const fulfillmentStatus: FulfillmentStatus =
      cancelled || financialStatus === 'PENDING'
        ? 'UNFULFILLED'
        : rnd() < 0.1
          ? 'PARTIALLY_FULFILLED'
          : 'FULFILLED';
    // Fulfilments, refunds and cancellations touch the order after it was placed.
    let updatedAt = createdAt;
    if (fulfillmentStatus !== 'UNFULFILLED') updatedAt = at(createdAt.getTime() + between(2, 72) * HOUR);
    if (refundedCents > 0) updatedAt = at(updatedAt.getTime() + between(1, 10) * DAY);
    const cancelledAt = cancelled ? at(createdAt.getTime() + between(1, 12) * HOUR) : null;
    if (cancelledAt) updatedAt = cancelledAt;

    orders.push({
      id: gid('Order', o),
      name: `#${1000 + o}`,
      createdAt,
      updatedAt,
      processedAt: createdAt,
      cancelledAt,
      financialStatus,
      fulfillmentStatus,
      customerId: customer?.id ?? null,
      sourceName: pick(SOURCES),
      countryCode: customer ? (rnd() < 0.9 ? customer.countryCode : pick(COUNTRIES)) : pick(COUNTRIES),
      subtotalCents,
      discountCents,
      shippingCents,
      taxCents,
      refundedCents,
      lineItems,
    });
    if (customer && updatedAt > customer.updatedAt) customer.updatedAt = updatedAt;
  }

  return {
    shop: { name: 'Demo Shop', currencyCode: 'USD', ianaTimezone: 'America/New_York' },
    products,
    customers,
    orders,
  };
}

/** Each customer's order count and amount spent, derived from the orders as Shopify does. */
export function customerTotals(store: FakeStore): Map<string, { orders: number; spentCents: number }> {
  const totals = new Map<string, { orders: number; spentCents: number }>();
  for (const o of store.orders) {
    if (!o.customerId) continue;
    const t = totals.get(o.customerId) ?? { orders: 0, spentCents: 0 };
    t.orders += 1;
    if (!o.cancelledAt) t.spentCents += orderTotalCents(o) - o.refundedCents;
    totals.set(o.customerId, t);
  }
  return totals;
}
