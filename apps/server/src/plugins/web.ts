import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import staticFiles from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { catalogueFor, isAppRoute } from '@tidemark/contract';

/**
 * Serves the built web app. Paths the app routes get index.html with 200; any other browser path gets the
 * same page (which shows "not found") with 404, so crawlers and monitors see the truth. Unknown /v1 paths
 * get a JSON 404.
 */
export default fp(
  async function web(app: FastifyInstance) {
    const dir = app.config.webDistDir;
    const hasBuild = existsSync(path.join(dir, 'index.html'));
    if (hasBuild) {
      await app.register(staticFiles, {
        root: dir,
        wildcard: false,
        // The web build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts): sent to
        // browsers that accept them, with `Vary: Accept-Encoding`; the plain file otherwise.
        preCompressed: true,
        // Source maps would publish the app's sources: a build that made them still never serves them.
        allowedPath: (pathname) => !pathname.endsWith('.map'),
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
      const pathname = request.url.split('?')[0] ?? '/';
      const isApi = pathname.startsWith('/v1/') || pathname === '/v1';
      const isPage = !isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD');
      if (isPage && !path.extname(pathname)) {
        return reply
          .status(isAppRoute(pathname) ? 200 : 404)
          .header('cache-control', 'no-cache')
          .sendFile('index.html');
      }
      return reply.status(404).send({ success: false, message: catalogueFor(404, 'path').message });
    });
  },
  { name: 'web' },
);
