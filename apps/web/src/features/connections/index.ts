export { ConnectorGrid } from './components/connector-grid';
export { CsvUpload } from './components/csv-upload';
export { SyncScreen } from './components/sync-screen';
export { DatasourcesPage } from './components/datasources-page';
export { TalkToUsButton } from './components/talk-to-us';
export type { ConnectionsPage } from './api/connections';
export { DatabaseSetup } from './components/database-setup';
export { ShopifySetup } from './components/shopify-setup';
// The store-platform app install of workspace onboarding (app_installation) uses the same calls.
export { useConnectors } from './api/connectors';
export { createConnection } from './api/connections';
export { followRedirect } from './utils/redirect';
