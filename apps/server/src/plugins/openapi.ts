import fp from 'fastify-plugin';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import {
  API_KEY_PREFIX,
  EXPLORER_TOKEN_HEADER,
  SESSION_COOKIE,
  routes,
  type RouteDef,
  type RouteName,
} from '@tidemark/contract';
import { VERSION } from '../modules/health/health.service';

/** The contract's routes by `METHOD /path`: a route's name is its operationId. */
const routeNames = new Map<string, RouteName>(
  (Object.keys(routes) as RouteName[]).map((name) => [`${routes[name].method} ${routes[name].path}`, name]),
);

/** Who may call a public route, in OpenAPI terms: explorer calls carry their page's token, the rest nothing. */
function publicSecurity(def: RouteDef): Array<Record<string, string[]>> {
  return def.path.startsWith('/v1/explorer/') ? [{ explorerToken: [] }] : [];
}

const ERROR_ANSWERS: Record<string, string> = {
  400: 'The request is not valid; the message says why',
  401: 'Not signed in, or the API key is not valid',
  403: 'Not allowed to this user or key',
  404: 'Not found',
};

type ResponseDoc = Record<string, unknown> & { description: string };

const page = (description: string): ResponseDoc => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});

/** What the routes without a JSON schema answer, so every operation lists a success and a 4XX answer. */
const plainAnswers: Partial<Record<RouteName, Record<string, ResponseDoc>>> = {
  collect: { 202: { description: 'The batch is accepted', type: 'object' } },
  alertChart: {
    200: { description: "The alert's chart", content: { 'image/png': { schema: { type: 'string' } } } },
  },
  unsubscribePage: { 200: page('A page asking to confirm the unsubscribe') },
  unsubscribe: { 200: page('A page saying what was unsubscribed') },
};

function plainResponses(name: RouteName, def: RouteDef): Record<string, ResponseDoc> {
  const success = def.redirect
    ? {
        302: {
          description: 'Redirects the browser to the next page',
          type: 'null',
          headers: { location: { type: 'string', description: 'The next page' } },
        },
      }
    : (plainAnswers[name] ?? { 200: { description: def.summary } });
  return {
    ...success,
    400: { description: ERROR_ANSWERS[400]!, $ref: '#/components/schemas/Error' },
  };
}

/**
 * Names, hides and secures each route of the document. Only contract routes are the API: CORS
 * preflights, the collector script and the local mail outbox (development only) are left out.
 */
const transform: SwaggerTransform = (document) => {
  const method = typeof document.route.method === 'string' ? document.route.method : '';
  const name = routeNames.get(`${method} ${document.route.url}`);
  if (!name || document.route.url.startsWith('/v1/dev/'))
    return { schema: { hide: true }, url: document.url };
  const def: RouteDef = routes[name];
  const { schema, url } = jsonSchemaTransform(document);
  const responses = Object.fromEntries(
    Object.entries((schema.response ?? {}) as Record<string, object>).map(([code, answer]) => [
      code,
      { description: code === '200' ? def.summary : (ERROR_ANSWERS[code] ?? 'An error'), ...answer },
    ]),
  );
  return {
    url,
    schema: {
      ...schema,
      ...(def.response ? { response: responses } : {}),
      operationId: name,
      ...(def.access === 'public' ? { security: publicSecurity(def) } : {}),
      ...(def.response ? {} : { response: plainResponses(name, def) }),
    },
  };
};

/** Schema components no operation reaches (zod registers input and output variants of every named schema). */
function withoutUnusedSchemas<T extends object>(doc: T): T {
  const components =
    'components' in doc ? (doc.components as Record<string, unknown> | undefined) : undefined;
  const schemas = components?.schemas as Record<string, unknown> | undefined;
  if (!components || !schemas) return doc;
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const ref =
        key === '$ref' && typeof value === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(value) : null;
      if (ref?.[1] && !reached.has(ref[1])) {
        reached.add(ref[1]);
        visit(schemas[ref[1]]);
      } else visit(value);
    }
  };
  visit({ ...doc, components: { ...components, schemas: {} } });
  const used = Object.fromEntries(Object.entries(schemas).filter(([id]) => reached.has(id)));
  return { ...doc, components: { ...components, schemas: used } };
}

/** The OpenAPI document is generated from the contract's zod schemas, so it cannot drift from the code. */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        // 3.1: zod's JSON Schema (2020-12) goes in as is, `null` included; 3.0 has only `nullable`.
        openapi: '3.1.0',
        info: {
          title: 'Tidemark API',
          version: VERSION,
          description:
            'KPI and site-health monitoring. Errors are `{ "success": false, "message": "…" }`. Tenant-scoped calls take `tenant_id`.',
        },
        servers: [{ url: app.config.publicUrl, description: 'This Tidemark server' }],
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
            // API keys (README "API keys"): read-only, for tenant-scoped GET routes of the key's workspace.
            bearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: `${API_KEY_PREFIX}…`,
              description:
                'An API key from Preferences → API Keys, sent as `Authorization: Bearer tmk_…`. Keys only read their own workspace (GET routes taking `tenant_id`); a scoped key is pinned to its dimension value. Never put a key in the URL.',
            },
            explorerToken: {
              type: 'apiKey',
              in: 'header',
              name: EXPLORER_TOKEN_HEADER,
              description:
                'The token of a signed explorer URL (`GET /v1/data-explorers/generate-url`); it decides the workspace.',
            },
          },
        },
      },
      transform,
      transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
    });
    app.get('/v1/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
      app.swagger(),
    );
  },
  { name: 'openapi' },
);
