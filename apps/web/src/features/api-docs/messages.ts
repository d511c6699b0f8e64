export const API_DOCS_COPY = {
  title: 'API documentation',
  subtitle:
    'Every route of the Tidemark API. To try a call, create a key under Preferences → API Keys and enter it as the Bearer token.',
  keysLink: 'Manage API keys',
  loading: 'Loading the API reference',
  loadError: "We couldn't load the API reference.",
  loadErrorBody: 'Check your connection and try again.',
  retry: 'Try again',
} as const;

/** Served by the server from the contract's schemas (apps/server/src/plugins/openapi.ts). */
export const OPENAPI_URL = '/v1/openapi.json';
