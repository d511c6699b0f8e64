export { apiKeysRoutes } from './apikeys.routes';
export { liveApiKeyScope, resolveApiKey, type KeyCaller } from './apikeys.service';
