export { providersRoutes } from './providers.routes';
export {
  listProviders,
  setStoreProviders,
  storeProviders,
  syncProviderCatalogue,
  unknownProviderIds,
} from './providers.service';
export { PROVIDER_CATALOGUE, type CatalogueProvider } from './catalogue';
