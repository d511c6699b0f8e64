import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_KEY_PREFIX, SESSION_COOKIE } from '@tidemark/contract';
import { VERSION } from '../modules/health/health.service';

/** The OpenAPI document is generated from the contract's zod schemas, so it cannot drift from the code. */
export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Tidemark API',
          version: VERSION,
          description:
            'KPI and site-health monitoring. Errors are `{ "success": false, "message": "…" }`. Tenant-scoped calls take `tenant_id`.',
        },
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
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    app.get('/v1/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
      app.swagger(),
    );
  },
  { name: 'openapi' },
);
