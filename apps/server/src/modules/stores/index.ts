export { storesRoutes } from './stores.routes';
export { getStorePreferences, updateStorePreferences } from './stores.service';
