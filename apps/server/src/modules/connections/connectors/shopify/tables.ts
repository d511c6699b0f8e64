import { ConnectorError, type CellValue, type ColumnType, type SourceColumn } from '../types';
import { isRecord, type JsonRecord } from './jsonl';

/**
 * The four tables the connector offers, each column tied to the Admin GraphQL field it comes from.
 * A bulk query selects only the fields behind the columns asked for.
 */

export type ShopifyTable = 'orders' | 'order_line_items' | 'customers' | 'products';
export const SHOPIFY_TABLES: readonly ShopifyTable[] = [
  'orders',
  'order_line_items',
  'customers',
  'products',
];

/** One row's sources: the JSONL object, its parent order for a line item, and an order's line-item count. */
export interface RowSource {
  node: JsonRecord;
  parent: JsonRecord | null;
  childCount: number;
}

interface ColumnDef {
  name: string;
  type: ColumnType;
  isKey?: true;
  /** GraphQL selection on the node the row comes from, or on its parent order (`on: 'parent'`). */
  select: string;
  on?: 'parent';
  read: (row: RowSource) => CellValue;
}

export interface TableDef {
  name: ShopifyTable;
  /** The top-level connection the bulk query reads. */
  connection: 'orders' | 'customers' | 'products';
  /** Line items are a nested connection of orders: one row per child line instead of per top-level line. */
  rowsFrom: 'root' | 'child';
  columns: ColumnDef[];
}

const field = (record: JsonRecord | null, ...path: string[]): unknown => {
  let value: unknown = record;
  for (const key of path) value = isRecord(value) ? value[key] : undefined;
  return value;
};

const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;

const lower = (v: unknown): string | null => text(v)?.toLowerCase() ?? null;

/** Shopify's DateTime is ISO 8601 in UTC. */
function timestamp(v: unknown): Date | null {
  if (typeof v !== 'string') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Counts fit a double; Shopify sends UnsignedInt64 as a string. */
function integer(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  return typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;
}

/** `gid://shopify/Order/5600000000001` → `5600000000001`: the number Shopify's admin and REST API show. */
export function numericId(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const match = /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)/.exec(v);
  return match?.[1] ?? v;
}

/** Money in the shop's currency, as Shopify's decimal string so nothing is rounded. */
const shopMoney = (name: string, select: string): ColumnDef => ({
  name,
  type: 'decimal',
  select: `${select} { shopMoney { amount } }`,
  read: ({ node }) => text(field(node, select, 'shopMoney', 'amount')),
});

const own = (name: string, type: ColumnType, select: string, read: (v: unknown) => CellValue): ColumnDef => ({
  name,
  type,
  select,
  read: ({ node }) => read(node[select]),
});

const created = own('created_at', 'timestamptz', 'createdAt', timestamp);
const updated = own('updated_at', 'timestamptz', 'updatedAt', timestamp);
const idColumn: ColumnDef = {
  name: 'id',
  type: 'text',
  isKey: true,
  select: 'id',
  read: ({ node }) => numericId(node['id']),
};

const TABLES: Record<ShopifyTable, TableDef> = {
  orders: {
    name: 'orders',
    connection: 'orders',
    rowsFrom: 'root',
    columns: [
      idColumn,
      own('name', 'text', 'name', text),
      created,
      updated,
      own('processed_at', 'timestamptz', 'processedAt', timestamp),
      own('cancelled_at', 'timestamptz', 'cancelledAt', timestamp),
      own('financial_status', 'text', 'displayFinancialStatus', lower),
      own('fulfillment_status', 'text', 'displayFulfillmentStatus', lower),
      own('currency', 'text', 'currencyCode', text),
      shopMoney('total_price', 'totalPriceSet'),
      shopMoney('subtotal_price', 'subtotalPriceSet'),
      shopMoney('total_discounts', 'totalDiscountsSet'),
      shopMoney('total_tax', 'totalTaxSet'),
      shopMoney('total_shipping', 'totalShippingPriceSet'),
      shopMoney('total_refunded', 'totalRefundedSet'),
      {
        name: 'customer_id',
        type: 'text',
        select: 'customer { id }',
        read: ({ node }) => numericId(field(node, 'customer', 'id')),
      },
      own('source_name', 'text', 'sourceName', text),
      {
        name: 'country',
        type: 'text',
        select: 'shippingAddress { countryCodeV2 }',
        read: ({ node }) => text(field(node, 'shippingAddress', 'countryCodeV2')),
      },
      {
        name: 'line_items_count',
        type: 'integer',
        select: 'lineItems { edges { node { id } } }',
        read: ({ childCount }) => childCount,
      },
    ],
  },
  order_line_items: {
    name: 'order_line_items',
    connection: 'orders',
    rowsFrom: 'child',
    columns: [
      idColumn,
      {
        name: 'order_id',
        type: 'text',
        select: 'id',
        on: 'parent',
        read: ({ parent }) => numericId(field(parent, 'id')),
      },
      {
        name: 'product_id',
        type: 'text',
        select: 'product { id }',
        read: ({ node }) => numericId(field(node, 'product', 'id')),
      },
      {
        name: 'variant_id',
        type: 'text',
        select: 'variant { id }',
        read: ({ node }) => numericId(field(node, 'variant', 'id')),
      },
      own('title', 'text', 'title', text),
      own('sku', 'text', 'sku', text),
      {
        name: 'product_type',
        type: 'text',
        select: 'product { productType }',
        read: ({ node }) => text(field(node, 'product', 'productType')),
      },
      own('vendor', 'text', 'vendor', text),
      own('quantity', 'integer', 'quantity', integer),
      shopMoney('price', 'originalUnitPriceSet'),
      shopMoney('total_discount', 'totalDiscountSet'),
      // The order's times, so line items chart over time and sync incrementally like their orders.
      { ...created, on: 'parent', read: ({ parent }) => timestamp(field(parent, 'createdAt')) },
      { ...updated, on: 'parent', read: ({ parent }) => timestamp(field(parent, 'updatedAt')) },
    ],
  },
  customers: {
    name: 'customers',
    connection: 'customers',
    rowsFrom: 'root',
    columns: [
      idColumn,
      created,
      updated,
      own('orders_count', 'integer', 'numberOfOrders', integer),
      {
        name: 'total_spent',
        type: 'decimal',
        select: 'amountSpent { amount }',
        read: ({ node }) => text(field(node, 'amountSpent', 'amount')),
      },
      {
        name: 'currency',
        type: 'text',
        select: 'amountSpent { currencyCode }',
        read: ({ node }) => text(field(node, 'amountSpent', 'currencyCode')),
      },
      {
        name: 'country',
        type: 'text',
        select: 'defaultAddress { countryCodeV2 }',
        read: ({ node }) => text(field(node, 'defaultAddress', 'countryCodeV2')),
      },
      {
        // A customer without an e-mail address cannot be e-mailed marketing, so false rather than unknown.
        name: 'accepts_marketing',
        type: 'boolean',
        select: 'defaultEmailAddress { marketingState }',
        read: ({ node }) => field(node, 'defaultEmailAddress', 'marketingState') === 'SUBSCRIBED',
      },
    ],
  },
  products: {
    name: 'products',
    connection: 'products',
    rowsFrom: 'root',
    columns: [
      idColumn,
      own('title', 'text', 'title', text),
      own('product_type', 'text', 'productType', text),
      own('vendor', 'text', 'vendor', text),
      own('status', 'text', 'status', lower),
      created,
      updated,
    ],
  },
};

export function tableDef(table: string): TableDef {
  const def = (TABLES as Record<string, TableDef | undefined>)[table];
  if (!def)
    throw new ConnectorError(`Shopify has no table "${table}"; it offers ${SHOPIFY_TABLES.join(', ')}.`);
  return def;
}

export const sourceColumns = (def: TableDef): SourceColumn[] =>
  def.columns.map((c) => ({ name: c.name, type: c.type, ...(c.isKey ? { isKey: true } : {}) }));

/** The columns asked for, in the order asked; an unknown name is an error rather than a silent null. */
export function columnsFor(def: TableDef, columns: readonly SourceColumn[]): ColumnDef[] {
  return columns.map((c) => {
    const found = def.columns.find((d) => d.name === c.name);
    if (!found) throw new ConnectorError(`Shopify's ${def.name} table has no column "${c.name}".`);
    return found;
  });
}

/** Cursor columns map onto Shopify's search fields and sort keys of the same meaning. */
const CURSORS: Record<string, { search: string; sortKey: string }> = {
  updated_at: { search: 'updated_at', sortKey: 'UPDATED_AT' },
  created_at: { search: 'created_at', sortKey: 'CREATED_AT' },
};

export interface BulkQueryCursor {
  column: string;
  from: string | number | null | undefined;
}

/** Shopify's search syntax compares whole seconds in UTC. */
function searchTime(from: string | number): string {
  const date = new Date(from);
  if (Number.isNaN(date.getTime()))
    throw new ConnectorError(`"${from}" is not a time the Shopify sync can start from.`);
  return date.toISOString().replace('.000Z', 'Z');
}

export function buildBulkQuery(
  def: TableDef,
  columns: readonly ColumnDef[],
  cursor?: BulkQueryCursor,
): string {
  const root = new Set(['id']);
  const child = new Set(['id']);
  for (const c of columns) (def.rowsFrom === 'root' || c.on === 'parent' ? root : child).add(c.select);
  let node = [...root].join(' ');
  if (def.rowsFrom === 'child') node += ` lineItems { edges { node { ${[...child].join(' ')} } } }`;

  const args: string[] = [];
  if (cursor) {
    const mapped = CURSORS[cursor.column];
    if (!mapped) {
      throw new ConnectorError(
        `Shopify's ${def.name} table syncs incrementally by ${Object.keys(CURSORS).join(' or ')}, not "${cursor.column}".`,
      );
    }
    if (cursor.from != null && cursor.from !== '') {
      args.push(`query: ${JSON.stringify(`${mapped.search}:>='${searchTime(cursor.from)}'`)}`);
    }
    args.push(`sortKey: ${mapped.sortKey}`);
  }
  return `{ ${def.connection}${args.length > 0 ? `(${args.join(', ')})` : ''} { edges { node { ${node} } } } }`;
}

/**
 * Pairs each line with what its row needs, in one pass. The connector asks Shopify to group each
 * order's line items right after it, so only the current order is held.
 */
export async function* rowSources(
  def: TableDef,
  records: AsyncIterable<JsonRecord>,
): AsyncGenerator<RowSource> {
  let parent: JsonRecord | null = null;
  let children = 0;
  for await (const record of records) {
    const parentId = record['__parentId'];
    if (typeof parentId !== 'string') {
      if (def.rowsFrom === 'root' && parent) yield { node: parent, parent: null, childCount: children };
      parent = record;
      children = 0;
      continue;
    }
    if (!parent || parent['id'] !== parentId) {
      throw new ConnectorError(
        "Shopify's bulk export listed a line item away from its order, so it cannot be read in one pass.",
      );
    }
    children += 1;
    if (def.rowsFrom === 'child') yield { node: record, parent, childCount: 0 };
  }
  if (def.rowsFrom === 'root' && parent) yield { node: parent, parent: null, childCount: children };
}
