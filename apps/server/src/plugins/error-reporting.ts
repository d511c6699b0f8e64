import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { NodeClient, Scope, defaultStackParser, makeNodeTransport } from '@sentry/node';

/** Where unexpected failures go besides the log; nothing is reported without a DSN. */
export interface ErrorReporter {
  capture(error: unknown, context: { tags?: Record<string, string>; user?: { id: string } }): void;
  close(): Promise<void>;
}

/**
 * A Sentry client of its own (no global hub, no auto-instrumentation), so tests and several apps in one
 * process never share state. Sample rates are 1: every unexpected failure is reported, which is what makes
 * "Our team has been notified" true.
 */
export function createErrorReporter(options: {
  dsn: string;
  release?: string;
  environment: string;
}): ErrorReporter {
  const client = new NodeClient({
    dsn: options.dsn,
    release: options.release,
    environment: options.environment,
    sampleRate: 1,
    tracesSampleRate: 1,
    integrations: [],
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
  });
  client.init();
  return {
    capture(error, context) {
      const scope = new Scope();
      scope.setClient(client);
      if (context.tags) scope.setTags(context.tags);
      if (context.user) scope.setUser(context.user);
      scope.captureException(error);
    },
    async close() {
      await client.close(2_000);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when SENTRY_DSN is not set. */
    errorReporter: ErrorReporter | null;
  }
}

export default fp(
  async function errorReporting(app: FastifyInstance) {
    const dsn = app.config.sentryDsn;
    const reporter = dsn
      ? createErrorReporter({ dsn, release: app.config.release, environment: app.config.env })
      : null;
    app.decorate('errorReporter', reporter);
    if (reporter) app.addHook('onClose', () => reporter.close());
  },
  { name: 'error-reporting' },
);
