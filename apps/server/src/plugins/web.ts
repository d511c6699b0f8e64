import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import staticFiles from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { catalogueFor } from '@tidemark/contract';

/**
 * Serves the built web app and answers every other browser path with index.html (the app routes it);
 * unknown /v1 paths get a JSON 404.
 */
export default fp(
  async function web(app: FastifyInstance) {
    const dir = app.config.webDistDir;
    const hasBuild = existsSync(path.join(dir, 'index.html'));
    if (hasBuild) {
      await app.register(staticFiles, {
        root: dir,
        wildcard: false,
        // Hashed assets never change; index.html must always be revalidated to pick up a new release.
        setHeaders: (res, file) => {
          res.header(
            'cache-control',
            file.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn(`No web build in ${dir}: run "npm run build" to serve the app.`);
    }
    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url.startsWith('/v1/') || request.url === '/v1';
      if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({ success: false, message: catalogueFor(404, 'path').message });
    });
  },
  { name: 'web' },
);
