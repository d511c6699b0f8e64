import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  customerTotals,
  decimal,
  orderTotalCents,
  startFakeShopify,
  type FakeShopify,
  type FakeShopifyOptions,
} from '../../../../testing/fake-shopify';
import { ConnectorError, type CellValue, type Connector, type SourceColumn } from '../types';
import { createShopifyConnector, type ShopifyConnectorOptions, type ShopifyTable } from './index';

const FAST: ShopifyConnectorOptions = { pollIntervalMs: 2, maxPollIntervalMs: 10 };
// Generous: a loaded CI machine may take a while to reach the state waited for.
const WAIT = { timeout: 10_000 };
const num = (gid: string | null): string | null => (gid ? gid.slice(gid.lastIndexOf('/') + 1) : null);

async function readAll(
  connector: Connector,
  table: string,
  options: {
    columns?: SourceColumn[];
    cursorColumn?: string;
    from?: string | null;
    batchSize?: number;
    signal?: AbortSignal;
  } = {},
): Promise<{ rows: CellValue[][]; batches: number[] }> {
  const columns = options.columns ?? (await connector.readSchema(table));
  const rows: CellValue[][] = [];
  const batches: number[] = [];
  for await (const batch of connector.readRows(table, { ...options, columns })) {
    batches.push(batch.length);
    rows.push(...batch);
  }
  return { rows, batches };
}

/** Rows as objects keyed by column, for readable expectations. */
async function readObjects(connector: Connector, table: string, from?: string) {
  const columns = await connector.readSchema(table);
  const { rows } = await readAll(connector, table, {
    columns,
    cursorColumn: 'updated_at',
    from: from ?? null,
  });
  return rows.map((row) => Object.fromEntries(columns.map((c, i) => [c.name, row[i]])));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('Shopify connector', () => {
  let fake: FakeShopify;
  const extra: FakeShopify[] = [];
  const connectTo = (shop: FakeShopify, options: ShopifyConnectorOptions = {}, apiVersion?: string) =>
    createShopifyConnector(
      {
        shopDomain: shop.shopDomain,
        accessToken: shop.accessToken,
        endpoint: shop.url,
        ...(apiVersion ? { apiVersion } : {}),
      },
      { ...FAST, ...options },
    );
  const connect = (options: ShopifyConnectorOptions = {}) => connectTo(fake, options);
  const anotherShop = async (options: FakeShopifyOptions) => {
    const shop = await startFakeShopify(options);
    extra.push(shop);
    return shop;
  };

  beforeAll(async () => {
    fake = await startFakeShopify();
  });
  afterEach(() => {
    fake.holdBulkOperations(false);
  });
  afterAll(async () => {
    await Promise.all([fake.stop(), ...extra.map((s) => s.stop())]);
  });

  describe('testConnection', () => {
    it('passes with a valid token that holds the read scopes', async () => {
      await expect(connect().testConnection()).resolves.toBeUndefined();
    });

    it("gives Shopify's reason for a wrong token", async () => {
      const connector = createShopifyConnector({
        shopDomain: fake.shopDomain,
        accessToken: 'shpat_wrong',
        endpoint: fake.url,
      });
      const error = await rejection(connector.testConnection());
      expect(error).toBeInstanceOf(ConnectorError);
      expect((error as ConnectorError).reason).toBe(
        'Invalid API key or access token (unrecognized login or wrong password)',
      );
    });

    it('names the scopes a token lacks', async () => {
      const shop = await anotherShop({ scopes: ['read_orders'] });
      const error = await rejection(connectTo(shop).testConnection());
      expect(error).toBeInstanceOf(ConnectorError);
      expect((error as ConnectorError).reason).toMatch(/lacks the read_customers, read_products scopes/);
    });

    it('names the shop it could not reach', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const connector = createShopifyConnector(
        { shopDomain: fake.shopDomain, accessToken: 'x', endpoint: `http://127.0.0.1:${port}` },
        { retries: 0 },
      );
      const error = await rejection(connector.testConnection());
      expect(error).toBeInstanceOf(ConnectorError);
      expect((error as ConnectorError).reason).toBe('could not reach demo-shop.myshopify.com (ECONNREFUSED)');
    });

    it.each(['demo-shop.com', 'demo-shop.myshopify.com.evil.test', ''])(
      'refuses %j as a shop address',
      async (shopDomain) => {
        const connector = createShopifyConnector({ shopDomain, accessToken: 'x', endpoint: fake.url });
        await expect(connector.testConnection()).rejects.toThrow(ConnectorError);
      },
    );
  });

  it('lists the four tables with the counts Shopify reports', async () => {
    await expect(connect().listTables()).resolves.toEqual([
      { name: 'orders', estimatedRows: 300 },
      { name: 'order_line_items', estimatedRows: null },
      { name: 'customers', estimatedRows: 80 },
      { name: 'products', estimatedRows: 20 },
    ]);
  });

  it('leaves the estimate empty for tables the token may not count', async () => {
    const shop = await anotherShop({ scopes: ['read_orders', 'read_products'] });
    const tables = await connectTo(shop).listTables();
    expect(tables.map((t) => [t.name, t.estimatedRows])).toEqual([
      ['orders', 300],
      ['order_line_items', null],
      ['customers', null],
      ['products', 20],
    ]);
  });

  it.each<[ShopifyTable, string[]]>([
    [
      'orders',
      [
        'id:text',
        'name:text',
        'created_at:timestamptz',
        'updated_at:timestamptz',
        'processed_at:timestamptz',
        'cancelled_at:timestamptz',
        'financial_status:text',
        'fulfillment_status:text',
        'currency:text',
        'total_price:decimal',
        'subtotal_price:decimal',
        'total_discounts:decimal',
        'total_tax:decimal',
        'total_shipping:decimal',
        'total_refunded:decimal',
        'customer_id:text',
        'source_name:text',
        'country:text',
        'line_items_count:integer',
      ],
    ],
    [
      'order_line_items',
      [
        'id:text',
        'order_id:text',
        'product_id:text',
        'variant_id:text',
        'title:text',
        'sku:text',
        'product_type:text',
        'vendor:text',
        'quantity:integer',
        'price:decimal',
        'total_discount:decimal',
        'created_at:timestamptz',
        'updated_at:timestamptz',
      ],
    ],
    [
      'customers',
      [
        'id:text',
        'created_at:timestamptz',
        'updated_at:timestamptz',
        'orders_count:integer',
        'total_spent:decimal',
        'currency:text',
        'country:text',
        'accepts_marketing:boolean',
      ],
    ],
    [
      'products',
      [
        'id:text',
        'title:text',
        'product_type:text',
        'vendor:text',
        'status:text',
        'created_at:timestamptz',
        'updated_at:timestamptz',
      ],
    ],
  ])('describes the %s table with an id key', async (table, expected) => {
    const columns = await connect().readSchema(table);
    expect(columns.map((c) => `${c.name}:${c.type}`)).toEqual(expected);
    expect(columns.filter((c) => c.isKey).map((c) => c.name)).toEqual(['id']);
  });

  it('refuses a table Shopify does not have', async () => {
    await expect(connect().readSchema('refunds')).rejects.toThrow(/no table "refunds"/);
  });

  it('reads every order with money as decimal strings and times as dates', async () => {
    const rows = await readObjects(connect(), 'orders');
    const expected = [...fake.store.orders]
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
      .map((o) => ({
        id: num(o.id),
        name: o.name,
        created_at: o.createdAt,
        updated_at: o.updatedAt,
        processed_at: o.processedAt,
        cancelled_at: o.cancelledAt,
        financial_status: o.financialStatus.toLowerCase(),
        fulfillment_status: o.fulfillmentStatus.toLowerCase(),
        currency: 'USD',
        total_price: decimal(orderTotalCents(o)),
        subtotal_price: decimal(o.subtotalCents),
        total_discounts: decimal(o.discountCents),
        total_tax: decimal(o.taxCents),
        total_shipping: decimal(o.shippingCents),
        total_refunded: decimal(o.refundedCents),
        customer_id: num(o.customerId),
        source_name: o.sourceName,
        country: o.countryCode,
        line_items_count: o.lineItems.length,
      }));
    expect(rows).toEqual(expected);
    expect(rows[0]?.['created_at']).toBeInstanceOf(Date);
    expect(rows.filter((r) => !/^\d+\.\d+$/.test(String(r['total_price'])))).toEqual([]);
  });

  it('attaches every line item to its order and carries the order times', async () => {
    const rows = await readObjects(connect(), 'order_line_items');
    const expected = fake.store.orders.flatMap((o) =>
      o.lineItems.map((li) => ({
        id: num(li.id),
        order_id: num(o.id),
        product_id: num(li.productId),
        variant_id: num(li.variantId),
        title: li.title,
        sku: li.sku,
        product_type: fake.store.products.find((p) => p.id === li.productId)?.productType,
        vendor: li.vendor,
        quantity: li.quantity,
        price: decimal(li.unitPriceCents),
        total_discount: decimal(li.discountCents),
        created_at: o.createdAt,
        updated_at: o.updatedAt,
      })),
    );
    const byId = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      String(a['id']).localeCompare(String(b['id']));
    expect([...rows].sort(byId)).toEqual(expected.sort(byId));
  });

  it('reads customers with their order count, spend and marketing consent', async () => {
    const rows = await readObjects(connect(), 'customers');
    const totals = customerTotals(fake.store);
    const byId = new Map(rows.map((r) => [r['id'], r]));
    expect(rows).toHaveLength(80);
    for (const c of fake.store.customers) {
      const t = totals.get(c.id) ?? { orders: 0, spentCents: 0 };
      expect(byId.get(num(c.id))).toEqual({
        id: num(c.id),
        created_at: c.createdAt,
        updated_at: c.updatedAt,
        orders_count: t.orders,
        total_spent: decimal(t.spentCents),
        currency: 'USD',
        country: c.countryCode,
        accepts_marketing: c.marketingState === 'SUBSCRIBED',
      });
    }
  });

  it('reads products with lower-case status', async () => {
    const rows = await readObjects(connect(), 'products');
    const expected = fake.store.products.map((p) => ({
      id: num(p.id),
      title: p.title,
      product_type: p.productType,
      vendor: p.vendor,
      status: p.status.toLowerCase(),
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    }));
    const byId = (a: Record<string, unknown>, b: Record<string, unknown>) =>
      String(a['id']).localeCompare(String(b['id']));
    expect([...rows].sort(byId)).toEqual(expected.sort(byId));
  });

  it('aligns cells with the requested columns and asks Shopify only for their fields', async () => {
    const columns: SourceColumn[] = [
      { name: 'total_price', type: 'decimal' },
      { name: 'id', type: 'text', isKey: true },
    ];
    const { rows } = await readAll(connect(), 'orders', { columns });
    const first = fake.store.orders[0];
    expect(rows).toContainEqual([decimal(first ? orderTotalCents(first) : 0), num(first?.id ?? null)]);
    const query = fake.bulkOperations.at(-1)?.query ?? '';
    expect(query).toContain('totalPriceSet');
    expect(query).not.toMatch(/lineItems|displayFinancialStatus|customer/);
  });

  it('yields batches of the requested size', async () => {
    const { batches } = await readAll(connect(), 'orders', { batchSize: 128 });
    expect(batches).toEqual([128, 128, 44]);
  });

  it.each<ShopifyTable>(['orders', 'order_line_items', 'customers', 'products'])(
    'reads only %s updated at or after the cursor, in cursor order',
    async (table) => {
      const from = '2026-09-10T00:00:00Z';
      const rows = await readObjects(connect(), table, from);
      const since = (d: Date) => d.getTime() >= Date.parse(from);
      const expectedIds = {
        orders: fake.store.orders.filter((o) => since(o.updatedAt)).map((o) => o.id),
        order_line_items: fake.store.orders
          .filter((o) => since(o.updatedAt))
          .flatMap((o) => o.lineItems.map((l) => l.id)),
        customers: fake.store.customers.filter((c) => since(c.updatedAt)).map((c) => c.id),
        products: fake.store.products.filter((p) => since(p.updatedAt)).map((p) => p.id),
      }[table].map(num);
      expect(rows.map((r) => r['id']).sort()).toEqual(expectedIds.sort());
      expect(rows.length).toBeLessThan(table === 'products' ? 20 : 300);
      const times = rows.map((r) => (r['updated_at'] as Date).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    },
  );

  it('picks up an order changed after the last sync on the next incremental read', async () => {
    const connector = connect();
    const before = await readObjects(connector, 'orders');
    const cursor = before.at(-1)?.['updated_at'] as Date;
    const changed = fake.store.orders[0];
    if (!changed) throw new Error('the store has no orders');
    const original = changed.updatedAt;
    changed.updatedAt = new Date(cursor.getTime() + 60_000);
    try {
      const after = await readObjects(connector, 'orders', cursor.toISOString());
      expect(after.map((r) => r['id'])).toContain(num(changed.id));
      expect(after.filter((r) => (r['updated_at'] as Date) < cursor)).toEqual([]);
    } finally {
      changed.updatedAt = original;
    }
  });

  it('returns nothing, without a download, when no record changed since the cursor', async () => {
    const downloads = () => fake.requests.filter((r) => r.path.startsWith('/bulk-results/')).length;
    const before = downloads();
    const { rows } = await readAll(connect(), 'orders', {
      cursorColumn: 'updated_at',
      from: '2030-01-01T00:00:00Z',
    });
    expect(rows).toEqual([]);
    expect(downloads()).toBe(before);
  });

  it.each([
    [
      'an unknown cursor column',
      { cursorColumn: 'total_price' },
      /syncs incrementally by updated_at or created_at/,
    ],
    ['an unknown column', { columns: [{ name: 'email', type: 'text' as const }] }, /no column "email"/],
    ['a cursor value that is not a time', { cursorColumn: 'updated_at', from: 'yesterday' }, /not a time/],
  ])('refuses %s before asking Shopify', async (_case, options, message) => {
    await expect(readAll(connect(), 'orders', options)).rejects.toThrow(message);
  });

  it.each(['2025-10', '2026-10'])('reads orders through API version %s', async (apiVersion) => {
    const { rows } = await readAll(connectTo(fake, {}, apiVersion), 'orders');
    expect(rows).toHaveLength(300);
  });

  describe('throttling', () => {
    const calls = (operation: string) => fake.requests.filter((r) => r.operation === operation);

    it('waits for the cost bucket and retries a THROTTLED answer', async () => {
      const before = calls('TidemarkShop').length;
      fake.throttleNext(2, { kind: 'graphql' });
      await connect().testConnection();
      expect(calls('TidemarkShop').length - before).toBe(3);
    });

    it('retries a 429 after the Retry-After Shopify sends', async () => {
      const before = calls('TidemarkShop').filter((r) => r.status === 429).length;
      fake.throttleNext(2, { kind: 'http', retryAfterSeconds: 0.01 });
      await connect().testConnection();
      expect(calls('TidemarkShop').filter((r) => r.status === 429).length - before).toBe(2);
    });

    it('gives up with a readable error when throttling does not let up', async () => {
      fake.throttleNext(3, { kind: 'graphql' });
      const error = await rejection(connect({ maxThrottleRetries: 2 }).testConnection());
      expect((error as ConnectorError).reason).toMatch(/kept throttling/);
    });
  });

  describe('bulk operations', () => {
    const cancelRequests = () => fake.requests.filter((r) => r.operation === 'TidemarkBulkCancel').length;

    it.each(['TIMEOUT', 'INTERNAL_SERVER_ERROR'] as const)(
      'reports a bulk operation that FAILED with %s',
      async (code) => {
        fake.failNextBulkOperation(code);
        const error = await rejection(readAll(connect(), 'products'));
        expect(error).toBeInstanceOf(ConnectorError);
        expect((error as ConnectorError).reason).toMatch(
          new RegExp(`^Shopify's bulk export failed with ${code}: `),
        );
      },
    );

    it('reports ACCESS_DENIED when the token may not read the table', async () => {
      const shop = await anotherShop({ scopes: ['read_orders', 'read_products'] });
      const error = await rejection(readAll(connectTo(shop), 'customers'));
      expect((error as ConnectorError).reason).toMatch(
        /failed with ACCESS_DENIED: the access token lacks a scope/,
      );
    });

    it('cancels the bulk operation on Shopify when the read is aborted', async () => {
      fake.holdBulkOperations(true);
      const controller = new AbortController();
      const cancels = cancelRequests();
      const reading = readAll(connect(), 'orders', { signal: controller.signal });
      const operations = fake.bulkOperations.length;
      await vi.waitFor(() => expect(fake.bulkOperations[operations]?.status).toBe('RUNNING'), WAIT);
      controller.abort();
      const error = await rejection(reading);
      expect((error as Error).name).toBe('AbortError');
      expect(cancelRequests()).toBe(cancels + 1);
      expect(['CANCELING', 'CANCELED']).toContain(fake.bulkOperations[operations]?.status);
    });

    it('cancels the bulk operation when the connector is closed mid-read', async () => {
      fake.holdBulkOperations(true);
      const connector = connect();
      const reading = readAll(connector, 'customers');
      const operations = fake.bulkOperations.length;
      await vi.waitFor(() => expect(fake.bulkOperations[operations]?.status).toBe('RUNNING'), WAIT);
      await connector.close();
      await expect(reading).rejects.toThrow();
      expect(['CANCELING', 'CANCELED']).toContain(fake.bulkOperations[operations]?.status);
    });

    it('waits for a running bulk operation to finish before starting its own', async () => {
      const shop = await anotherShop({ bulkQueryConcurrency: 1 });
      const blocker = shop.startBulkOperation('{ products { edges { node { id } } } }');
      const reading = readAll(connectTo(shop), 'products');
      const runs = () => shop.requests.filter((r) => r.operation === 'TidemarkBulkRun').length;
      await vi.waitFor(() => expect(runs()).toBeGreaterThanOrEqual(2), WAIT);
      await shop.finishBulkOperation(blocker.id);
      const { rows } = await reading;
      expect(rows).toHaveLength(20);
    });

    it('says plainly that the shop is busy when no slot frees up in time', async () => {
      const shop = await anotherShop({ bulkQueryConcurrency: 1 });
      const blocker = shop.startBulkOperation('{ products { edges { node { id } } } }');
      const error = await rejection(readAll(connectTo(shop, { busyTimeoutMs: 20 }), 'products'));
      expect((error as ConnectorError).reason).toMatch(
        /already running as many bulk exports .* as it allows/,
      );
      expect((error as ConnectorError).reason).toContain(blocker.id);
      await shop.finishBulkOperation(blocker.id);
    });
  });
});
