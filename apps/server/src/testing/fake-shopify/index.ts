export {
  startFakeShopify,
  type BulkOperationErrorCode,
  type BulkOperationStatus,
  type FakeBulkOperation,
  type FakeRequest,
  type FakeShopify,
  type FakeShopifyOptions,
} from './fake-shopify';
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
