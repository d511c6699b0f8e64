export {
  startFakeShopify,
  type FakeRequest,
  type FakeShopify,
  type FakeShopifyOptions,
} from './fake-shopify';
export type { BulkOperationErrorCode, BulkOperationStatus, FakeBulkOperation } from './bulk-operations';
export {
  buildFakeStore,
  decimal,
  orderTotalCents,
  customerTotals,
  type FakeCustomer,
  type FakeLineItem,
  type FakeOrder,
  type FakeProduct,
  type FakeStore,
  type FakeStoreOptions,
} from './store';
