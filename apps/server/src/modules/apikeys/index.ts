export { apiKeysRoutes } from './apikeys.routes';
export { resolveApiKey, type KeyCaller } from './apikeys.service';
