export {
  createShopifyConnector,
  SHOPIFY_READ_SCOPES,
  type ShopifyConnectorOptions,
} from './shopify-connector';
export { DEFAULT_API_VERSION, type ShopifyConnectionConfig } from './shopify-api';
export { SHOPIFY_TABLES, type ShopifyTable } from './tables';
export { normaliseShopDomain } from './shop-domain';
export {
  buildInstallUrl,
  exchangeCode,
  verifyCallback,
  ShopifyOAuthError,
  type CallbackExpectations,
  type CallbackQuery,
  type ExchangeCodeInput,
  type InstallUrlInput,
  type ShopifyAccessGrant,
  type ShopifyOAuthErrorCode,
  type VerifiedCallback,
} from './oauth';
