import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
// The rate-limit plugin's decorations (createRateLimit), typed wherever this file is compiled.
import type {} from '@fastify/rate-limit';
import { COLLECT_BODY_LIMIT_BYTES, COLLECT_MESSAGES, routes } from '@tidemark/contract';
import { AppError } from '../../errors';
import { addRoute } from '../../plugins/routing';
import { provideEvents, type EventsProviders } from './providers';
import {
  addCollectorDomain,
  collectorConfig,
  getCollectorDomains,
  getSiteKey,
  ingestEvents,
  removeCollectorDomain,
} from './events.service';
import {
  compareMetric,
  eventFilters,
  eventRootCause,
  eventSummary,
  eventTimeline,
  getEventGroup,
  getEventGroupFeedback,
  listEventGroups,
  metricFunnel,
  postEventGroupFeedback,
  relatedMetrics,
} from './events-api.service';

// The server's build puts collector.js beside its bundle; in development it is the package's own build.
const COLLECTOR_FILES = [
  new URL('./collector.js', import.meta.url),
  new URL('../../../../../packages/collector/dist/collector.js', import.meta.url),
];

function collectorScript(): Buffer | null {
  for (const url of COLLECTOR_FILES) {
    const file = fileURLToPath(url);
    if (existsSync(file)) return readFileSync(file);
  }
  return null;
}

const keyOf = (request: FastifyRequest) =>
  String((request.query as { key?: unknown }).key ?? '').slice(0, 100);

/** The collector's own calls: open to every origin, text bodies, limited per IP and per site key. */
async function collectRoutes(app: FastifyInstance): Promise<void> {
  // Beacons are text/plain (no CORS preflight); whatever the type, the body is read as text and parsed here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: COLLECT_BODY_LIMIT_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.setErrorHandler((error: { code?: string }, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ success: false, message: COLLECT_MESSAGES.tooLarge });
    }
    // Everything else gets the app's one mapping.
    throw error;
  });

  // A flood from one address is refused before it counts against its key, so other sites are not slowed.
  const perIp = app.createRateLimit({
    max: app.config.collectLimitPerIp,
    timeWindow: 60_000,
    keyGenerator: (request) => `collect-ip:${request.ip}`,
  });
  const perKey = app.createRateLimit({
    max: app.config.collectLimitPerKey,
    timeWindow: 60_000,
    keyGenerator: (request) => `collect-key:${keyOf(request)}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (request.method === 'OPTIONS') return;
    for (const limit of [perIp, perKey]) {
      const state = await limit(request);
      if (!state.isAllowed && state.isExceeded) throw new AppError('rate_limited', COLLECT_MESSAGES.tooMany);
    }
  });

  addRoute(app, routes.collect, async ({ ctx, input, request, reply }) => {
    const result = await ingestEvents({
      ctx,
      input: {
        key: input.query.key,
        body: request.body,
        userAgent: request.headers['user-agent'],
        origin: request.headers.origin,
        referer: request.headers.referer,
      },
    });
    reply.code(202);
    return result;
  });
  addRoute(app, routes.collectConfig, async ({ ctx, input, reply }) => {
    // Sampling changes reach open tabs within minutes, without a request per page view.
    reply.header('cache-control', 'public, max-age=300');
    return collectorConfig({ ctx, input: input.query });
  });
  for (const url of [routes.collect.path, routes.collectConfig.path]) {
    app.options(url, { config: { access: 'public' } }, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '86400')
        .send(),
    );
  }
}

export type EventsRouteOptions = EventsProviders;

export async function eventsRoutes(app: FastifyInstance, options: EventsRouteOptions): Promise<void> {
  provideEvents(options);
  await app.register(collectRoutes);
  addRoute(app, routes.siteKey, ({ ctx }) => getSiteKey({ ctx }));
  addRoute(app, routes.collectorDomains, ({ ctx }) => getCollectorDomains({ ctx }));
  addRoute(app, routes.addCollectorDomain, ({ ctx, input }) =>
    addCollectorDomain({ ctx, input: input.body }),
  );
  addRoute(app, routes.removeCollectorDomain, ({ ctx, input }) =>
    removeCollectorDomain({ ctx, input: input.params }),
  );
  addRoute(app, routes.listEventGroups, ({ ctx, input }) => listEventGroups({ ctx, input: input.query }));
  addRoute(app, routes.getEventGroup, ({ ctx, input }) => getEventGroup({ ctx, input: input.params }));
  addRoute(app, routes.eventSummary, ({ ctx, input }) => eventSummary({ ctx, input: input.query }));
  addRoute(app, routes.eventFilters, ({ ctx }) => eventFilters({ ctx }));
  addRoute(app, routes.eventTimeline, ({ ctx, input }) => eventTimeline({ ctx, input: input.query }));
  addRoute(app, routes.eventRootCause, ({ ctx, input }) =>
    eventRootCause({ ctx, input: { ...input.query, ...input.params } }),
  );
  addRoute(app, routes.getEventGroupFeedback, ({ ctx, input }) =>
    getEventGroupFeedback({ ctx, input: input.params }),
  );
  addRoute(app, routes.postEventGroupFeedback, ({ ctx, input }) =>
    postEventGroupFeedback({ ctx, input: { ...input.body, ...input.params } }),
  );
  addRoute(app, routes.compareMetric, ({ ctx, input }) =>
    compareMetric({ ctx, input: { ...input.query, ...input.params } }),
  );
  addRoute(app, routes.relatedMetrics, ({ ctx, input }) => relatedMetrics({ ctx, input: input.params }));
  addRoute(app, routes.metricFunnel, ({ ctx, input }) => metricFunnel({ ctx, input: input.query }));

  const script = collectorScript();
  if (!script) app.log.warn('No collector build: run "npm run build" to serve /collector.js.');
  app.get('/collector.js', async (_request, reply) => {
    if (!script) return reply.code(404).send({ success: false, message: 'The collector is not built.' });
    return (
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        // Merchants' pages on any origin load it; a stable path, so it is revalidated hourly.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=3600')
        .send(script)
    );
  });
}
