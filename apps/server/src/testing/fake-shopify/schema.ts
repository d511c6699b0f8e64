import { buildSchema, GraphQLError, type GraphQLSchema } from 'graphql';
import { parseSearchQuery, matchesTimeFilters } from './search-query';
import {
  customerTotals,
  decimal,
  orderTotalCents,
  type FakeCustomer,
  type FakeLineItem,
  type FakeOrder,
  type FakeProduct,
  type FakeStore,
} from './store';

/**
 * The slice of the Admin GraphQL schema the fake serves, with Shopify's type and field names. Parsing
 * and validating requests against it makes the fake answer a misspelt field the way Shopify does,
 * with an error, instead of quietly returning data.
 */
const SDL = /* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar URL
  scalar UnsignedInt64

  interface Node {
    id: ID!
  }

  enum CurrencyCode {
    USD
    EUR
    GBP
    CAD
    AUD
  }
  enum CountryCode {
    US
    CA
    GB
    DE
    AU
    FR
  }
  enum CountPrecision {
    AT_LEAST
    EXACT
  }
  enum OrderDisplayFinancialStatus {
    AUTHORIZED
    EXPIRED
    PAID
    PARTIALLY_PAID
    PARTIALLY_REFUNDED
    PENDING
    REFUNDED
    VOIDED
  }
  enum OrderDisplayFulfillmentStatus {
    FULFILLED
    IN_PROGRESS
    ON_HOLD
    OPEN
    PARTIALLY_FULFILLED
    PENDING_FULFILLMENT
    REQUEST_DECLINED
    RESTOCKED
    SCHEDULED
    UNFULFILLED
  }
  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
  }
  enum CustomerEmailAddressMarketingState {
    INVALID
    NOT_SUBSCRIBED
    PENDING
    SUBSCRIBED
    UNSUBSCRIBED
  }
  enum OrderSortKeys {
    CREATED_AT
    ID
    PROCESSED_AT
    UPDATED_AT
  }
  enum CustomerSortKeys {
    CREATED_AT
    ID
    UPDATED_AT
  }
  enum ProductSortKeys {
    CREATED_AT
    ID
    TITLE
    UPDATED_AT
  }
  enum BulkOperationStatus {
    CANCELED
    CANCELING
    COMPLETED
    CREATED
    EXPIRED
    FAILED
    RUNNING
  }
  enum BulkOperationErrorCode {
    ACCESS_DENIED
    INTERNAL_SERVER_ERROR
    TIMEOUT
  }
  enum BulkOperationType {
    MUTATION
    QUERY
  }
  enum BulkOperationUserErrorCode {
    INVALID
    LIMIT_REACHED
    OPERATION_IN_PROGRESS
  }

  type Query {
    shop: Shop!
    currentAppInstallation: AppInstallation!
    node(id: ID!): Node
    currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
    orders(
      first: Int
      last: Int
      after: String
      before: String
      reverse: Boolean = false
      sortKey: OrderSortKeys = ID
      query: String
    ): OrderConnection!
    customers(
      first: Int
      last: Int
      after: String
      before: String
      reverse: Boolean = false
      sortKey: CustomerSortKeys = ID
      query: String
    ): CustomerConnection!
    products(
      first: Int
      last: Int
      after: String
      before: String
      reverse: Boolean = false
      sortKey: ProductSortKeys = ID
      query: String
    ): ProductConnection!
    ordersCount(query: String, limit: Int = 10000): Count
    customersCount(query: String, limit: Int = 10000): Count
    productsCount(query: String, limit: Int = 10000): Count
  }

  type Mutation {
    bulkOperationRunQuery(query: String!, groupObjects: Boolean): BulkOperationRunQueryPayload
    bulkOperationCancel(id: ID!): BulkOperationCancelPayload
  }

  type Shop implements Node {
    id: ID!
    name: String!
    currencyCode: CurrencyCode!
    ianaTimezone: String!
    myshopifyDomain: String!
  }

  type AccessScope {
    handle: String!
    description: String!
  }

  type AppInstallation implements Node {
    id: ID!
    accessScopes: [AccessScope!]!
  }

  type Count {
    count: Int!
    precision: CountPrecision!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }

  type MailingAddress implements Node {
    id: ID!
    countryCodeV2: CountryCode
    country: String
  }

  type Order implements Node {
    id: ID!
    name: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    displayFinancialStatus: OrderDisplayFinancialStatus
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    currencyCode: CurrencyCode!
    totalPriceSet: MoneyBag!
    subtotalPriceSet: MoneyBag
    totalDiscountsSet: MoneyBag
    totalTaxSet: MoneyBag
    totalShippingPriceSet: MoneyBag!
    totalRefundedSet: MoneyBag!
    sourceName: String
    customer: Customer
    shippingAddress: MailingAddress
    lineItems(
      first: Int
      last: Int
      after: String
      before: String
      reverse: Boolean = false
    ): LineItemConnection!
  }

  type OrderEdge {
    node: Order!
    cursor: String!
  }
  type OrderConnection {
    edges: [OrderEdge!]!
    nodes: [Order!]!
    pageInfo: PageInfo!
  }

  type LineItem implements Node {
    id: ID!
    title: String!
    name: String!
    sku: String
    vendor: String
    quantity: Int!
    product: Product
    variant: ProductVariant
    originalUnitPriceSet: MoneyBag!
    totalDiscountSet: MoneyBag!
  }

  type LineItemEdge {
    node: LineItem!
    cursor: String!
  }
  type LineItemConnection {
    edges: [LineItemEdge!]!
    nodes: [LineItem!]!
    pageInfo: PageInfo!
  }

  type ProductVariant implements Node {
    id: ID!
    title: String!
    sku: String
    price: Decimal!
  }

  type Product implements Node {
    id: ID!
    title: String!
    productType: String!
    vendor: String!
    status: ProductStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type ProductEdge {
    node: Product!
    cursor: String!
  }
  type ProductConnection {
    edges: [ProductEdge!]!
    nodes: [Product!]!
    pageInfo: PageInfo!
  }

  type CustomerEmailAddress {
    emailAddress: String
    marketingState: CustomerEmailAddressMarketingState!
  }

  type Customer implements Node {
    id: ID!
    displayName: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    numberOfOrders: UnsignedInt64!
    amountSpent: MoneyV2!
    defaultAddress: MailingAddress
    defaultEmailAddress: CustomerEmailAddress
  }

  type CustomerEdge {
    node: Customer!
    cursor: String!
  }
  type CustomerConnection {
    edges: [CustomerEdge!]!
    nodes: [Customer!]!
    pageInfo: PageInfo!
  }

  type BulkOperation implements Node {
    id: ID!
    status: BulkOperationStatus!
    type: BulkOperationType!
    errorCode: BulkOperationErrorCode
    createdAt: DateTime!
    completedAt: DateTime
    objectCount: UnsignedInt64!
    rootObjectCount: UnsignedInt64!
    fileSize: UnsignedInt64
    url: URL
    partialDataUrl: URL
    query: String!
  }

  type UserError {
    field: [String!]
    message: String!
  }
  type BulkOperationUserError {
    code: BulkOperationUserErrorCode
    field: [String!]
    message: String!
  }
  type BulkOperationRunQueryPayload {
    bulkOperation: BulkOperation
    userErrors: [BulkOperationUserError!]!
  }
  type BulkOperationCancelPayload {
    bulkOperation: BulkOperation
    userErrors: [UserError!]!
  }
`;

let schema: GraphQLSchema | undefined;
export const adminSchema = (): GraphQLSchema => (schema ??= buildSchema(SDL));

/** What every resolver can see: the store, the granted scopes, and whether a bulk operation is running it. */
export interface ResolverContext {
  store: FakeStore;
  scopes: ReadonlySet<string>;
  /** Bulk operations read whole connections; ordinary requests must page with first/last like on Shopify. */
  bulk: boolean;
  shopDomain: string;
  /** Built on first use and kept for the request, so large stores stay quick to read. */
  index?: StoreIndex;
}

interface StoreIndex {
  totals: ReturnType<typeof customerTotals>;
  customers: Map<string, FakeCustomer>;
  products: Map<string, FakeProduct>;
  variants: Map<string, { id: string; title: string; sku: string; priceCents: number }>;
}

function indexOf(ctx: ResolverContext): StoreIndex {
  if (!ctx.index) {
    const { store } = ctx;
    ctx.index = {
      totals: customerTotals(store),
      customers: new Map(store.customers.map((c) => [c.id, c])),
      products: new Map(store.products.map((p) => [p.id, p])),
      variants: new Map(store.products.flatMap((p) => p.variants.map((v) => [v.id, v] as const))),
    };
  }
  return ctx.index;
}

type ConnectionArgs = {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  reverse?: boolean;
};
type RootArgs = ConnectionArgs & { sortKey?: string; query?: string | null };

const iso = (d: Date | null): string | null => (d ? d.toISOString().replace('.000Z', 'Z') : null);

function moneyBag(cents: number, currencyCode: string) {
  const money = { amount: decimal(cents), currencyCode };
  return { shopMoney: money, presentmentMoney: money };
}

function requireScope(ctx: ResolverContext, field: string, scope: string): void {
  if (!ctx.scopes.has(scope)) {
    throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
      extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes' },
    });
  }
}

const encodeCursor = (index: number): string => Buffer.from(`cursor:${index}`).toString('base64');
const decodeCursor = (cursor: string): number =>
  Number(Buffer.from(cursor, 'base64').toString('utf8').replace('cursor:', ''));

function connection<T>(items: readonly T[], args: ConnectionArgs, ctx: ResolverContext) {
  let start = 0;
  let end = items.length;
  if (!ctx.bulk) {
    if (args.first == null && args.last == null) {
      throw new GraphQLError('you must provide one of first or last', {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
    if (args.after) start = decodeCursor(args.after) + 1;
    if (args.first != null) end = Math.min(items.length, start + Math.min(args.first, 250));
    else if (args.last != null) start = Math.max(start, end - Math.min(args.last, 250));
  }
  const page = items.slice(start, end);
  return {
    edges: page.map((node, i) => ({ node, cursor: encodeCursor(start + i) })),
    nodes: page,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length > 0 ? encodeCursor(start) : null,
      endCursor: page.length > 0 ? encodeCursor(end - 1) : null,
    },
  };
}

function sortAndFilter<T extends { id: string; createdAt: Date; updatedAt: Date }>(
  items: readonly T[],
  args: RootArgs,
  timeFields: Record<string, (item: T) => Date | null>,
): T[] {
  const filters = parseSearchQuery(args.query, Object.keys(timeFields));
  const selected = items.filter((item) => matchesTimeFilters((f) => timeFields[f]?.(item) ?? null, filters));
  const key: (item: T) => number =
    args.sortKey === 'UPDATED_AT'
      ? (i) => i.updatedAt.getTime()
      : args.sortKey === 'CREATED_AT'
        ? (i) => i.createdAt.getTime()
        : (i) => Number(i.id.slice(i.id.lastIndexOf('/') + 1));
  // Ties keep id order, so pages are stable.
  const sorted = selected
    .map((item, index) => ({ item, index }))
    .sort((a, b) => key(a.item) - key(b.item) || a.index - b.index)
    .map((e) => e.item);
  return args.reverse ? sorted.reverse() : sorted;
}

function countOf(n: number, limit: number | null | undefined) {
  return limit != null && n > limit
    ? { count: limit, precision: 'AT_LEAST' }
    : { count: n, precision: 'EXACT' };
}

export function productView(p: FakeProduct) {
  return {
    __typename: 'Product',
    id: p.id,
    title: p.title,
    productType: p.productType,
    vendor: p.vendor,
    status: p.status,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
  };
}

function lineItemView(li: FakeLineItem, ctx: ResolverContext) {
  const currency = ctx.store.shop.currencyCode;
  return {
    __typename: 'LineItem',
    id: li.id,
    title: li.title,
    name: li.title,
    sku: li.sku,
    vendor: li.vendor,
    quantity: li.quantity,
    originalUnitPriceSet: moneyBag(li.unitPriceCents, currency),
    totalDiscountSet: moneyBag(li.discountCents, currency),
    product: () => {
      const product = indexOf(ctx).products.get(li.productId);
      return product ? productView(product) : null;
    },
    variant: () => {
      const v = indexOf(ctx).variants.get(li.variantId);
      return v
        ? { __typename: 'ProductVariant', id: v.id, title: v.title, sku: v.sku, price: decimal(v.priceCents) }
        : null;
    },
  };
}

function address(id: string, countryCode: string | null) {
  return countryCode
    ? {
        __typename: 'MailingAddress',
        id: `gid://shopify/MailingAddress/${id.slice(id.lastIndexOf('/') + 1)}`,
        countryCodeV2: countryCode,
        country: countryCode,
      }
    : null;
}

export function customerView(c: FakeCustomer, ctx: ResolverContext) {
  const totals = indexOf(ctx).totals.get(c.id) ?? { orders: 0, spentCents: 0 };
  return {
    __typename: 'Customer',
    id: c.id,
    displayName: `${c.firstName} ${c.lastName}`,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
    numberOfOrders: String(totals.orders),
    amountSpent: { amount: decimal(totals.spentCents), currencyCode: ctx.store.shop.currencyCode },
    defaultAddress: address(c.id, c.countryCode),
    defaultEmailAddress: { emailAddress: c.email, marketingState: c.marketingState },
  };
}

export function orderView(o: FakeOrder, ctx: ResolverContext) {
  const currency = ctx.store.shop.currencyCode;
  return {
    __typename: 'Order',
    id: o.id,
    name: o.name,
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
    processedAt: iso(o.processedAt),
    cancelledAt: iso(o.cancelledAt),
    displayFinancialStatus: o.financialStatus,
    displayFulfillmentStatus: o.fulfillmentStatus,
    currencyCode: currency,
    totalPriceSet: moneyBag(orderTotalCents(o), currency),
    subtotalPriceSet: moneyBag(o.subtotalCents, currency),
    totalDiscountsSet: moneyBag(o.discountCents, currency),
    totalTaxSet: moneyBag(o.taxCents, currency),
    totalShippingPriceSet: moneyBag(o.shippingCents, currency),
    totalRefundedSet: moneyBag(o.refundedCents, currency),
    sourceName: o.sourceName,
    shippingAddress: address(o.id, o.countryCode),
    customer: () => {
      const customer = o.customerId ? indexOf(ctx).customers.get(o.customerId) : undefined;
      return customer ? customerView(customer, ctx) : null;
    },
    lineItems: (args: ConnectionArgs) =>
      connection(
        o.lineItems.map((li) => lineItemView(li, ctx)),
        args,
        ctx,
      ),
  };
}

/** Root fields that read the store; the bulk-operation fields are added by the server. */
export const storeResolvers = {
  shop: (_args: unknown, ctx: ResolverContext) => ({
    __typename: 'Shop',
    id: 'gid://shopify/Shop/1',
    name: ctx.store.shop.name,
    currencyCode: ctx.store.shop.currencyCode,
    ianaTimezone: ctx.store.shop.ianaTimezone,
    myshopifyDomain: ctx.shopDomain,
  }),
  currentAppInstallation: (_args: unknown, ctx: ResolverContext) => ({
    __typename: 'AppInstallation',
    id: 'gid://shopify/AppInstallation/1',
    accessScopes: [...ctx.scopes].map((handle) => ({
      handle,
      description: `Access to ${handle.replace('_', ' ')}`,
    })),
  }),
  orders: (args: RootArgs, ctx: ResolverContext) => {
    requireScope(ctx, 'orders', 'read_orders');
    const orders = sortAndFilter(ctx.store.orders, args, {
      created_at: (o) => o.createdAt,
      updated_at: (o) => o.updatedAt,
      processed_at: (o) => o.processedAt,
    });
    return connection(
      orders.map((o) => orderView(o, ctx)),
      args,
      ctx,
    );
  },
  customers: (args: RootArgs, ctx: ResolverContext) => {
    requireScope(ctx, 'customers', 'read_customers');
    const customers = sortAndFilter(ctx.store.customers, args, {
      created_at: (c) => c.createdAt,
      updated_at: (c) => c.updatedAt,
    });
    return connection(
      customers.map((c) => customerView(c, ctx)),
      args,
      ctx,
    );
  },
  products: (args: RootArgs, ctx: ResolverContext) => {
    requireScope(ctx, 'products', 'read_products');
    const products = sortAndFilter(ctx.store.products, args, {
      created_at: (p) => p.createdAt,
      updated_at: (p) => p.updatedAt,
    });
    return connection(products.map(productView), args, ctx);
  },
  ordersCount: (args: { limit?: number | null }, ctx: ResolverContext) => {
    requireScope(ctx, 'ordersCount', 'read_orders');
    return countOf(ctx.store.orders.length, args.limit);
  },
  customersCount: (args: { limit?: number | null }, ctx: ResolverContext) => {
    requireScope(ctx, 'customersCount', 'read_customers');
    return countOf(ctx.store.customers.length, args.limit);
  },
  productsCount: (args: { limit?: number | null }, ctx: ResolverContext) => {
    requireScope(ctx, 'productsCount', 'read_products');
    return countOf(ctx.store.products.length, args.limit);
  },
};
