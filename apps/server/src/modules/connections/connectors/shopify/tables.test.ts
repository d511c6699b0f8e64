import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../types';
import type { JsonRecord } from './jsonl';
import { buildBulkQuery, columnsFor, numericId, rowSources, tableDef } from './tables';

const columns = (table: string, names: string[]) =>
  columnsFor(
    tableDef(table),
    names.map((name) => ({ name, type: 'text' })),
  );

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function* records(...lines: JsonRecord[]): AsyncGenerator<JsonRecord> {
  yield* lines;
}

describe('Shopify tables', () => {
  it.each([
    [
      'orders',
      ['id', 'total_price'],
      undefined,
      '{ orders { edges { node { id totalPriceSet { shopMoney { amount } } } } } }',
    ],
    [
      'customers',
      ['id', 'total_spent', 'currency'],
      { column: 'updated_at', from: '2026-09-01T12:00:00.000Z' },
      `{ customers(query: "updated_at:>='2026-09-01T12:00:00Z'", sortKey: UPDATED_AT) { edges { node { id amountSpent { amount } amountSpent { currencyCode } } } } }`,
    ],
    [
      'order_line_items',
      ['id', 'order_id', 'quantity', 'created_at'],
      { column: 'created_at', from: null },
      '{ orders(sortKey: CREATED_AT) { edges { node { id createdAt lineItems { edges { node { id quantity } } } } } } }',
    ],
  ])('builds the bulk query for %s from the columns asked for', (table, names, cursor, expected) => {
    expect(buildBulkQuery(tableDef(table), columns(table, names), cursor)).toBe(expected);
  });

  it('reads a cursor given as epoch milliseconds', () => {
    const query = buildBulkQuery(tableDef('products'), columns('products', ['id']), {
      column: 'updated_at',
      from: Date.parse('2026-10-01T00:00:00Z'),
    });
    expect(query).toContain(`updated_at:>='2026-10-01T00:00:00Z'`);
  });

  it('counts line items per order when grouped under it', async () => {
    const sources = await collect(
      rowSources(
        tableDef('orders'),
        records(
          { id: 'gid://shopify/Order/1' },
          { id: 'gid://shopify/LineItem/1', __parentId: 'gid://shopify/Order/1' },
          { id: 'gid://shopify/LineItem/2', __parentId: 'gid://shopify/Order/1' },
          { id: 'gid://shopify/Order/2' },
        ),
      ),
    );
    expect(sources.map((s) => [s.node['id'], s.childCount])).toEqual([
      ['gid://shopify/Order/1', 2],
      ['gid://shopify/Order/2', 0],
    ]);
  });

  it('refuses ungrouped output instead of miscounting', async () => {
    const ungrouped = records(
      { id: 'gid://shopify/Order/1' },
      { id: 'gid://shopify/Order/2' },
      { id: 'gid://shopify/LineItem/1', __parentId: 'gid://shopify/Order/1' },
    );
    await expect(collect(rowSources(tableDef('order_line_items'), ungrouped))).rejects.toThrow(
      ConnectorError,
    );
  });

  it.each([
    ['gid://shopify/Order/5600000000001', '5600000000001'],
    ['gid://shopify/LineItem/14000000000675?x=1', '14000000000675'],
    [null, null],
  ])('turns %j into the numeric id %j', (gid, id) => {
    expect(numericId(gid)).toBe(id);
  });
});
