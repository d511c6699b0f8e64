import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import { openDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { createJobQueue } from './jobs/queue';
import { createCpuPool } from './jobs/cpu-pool';
import { jobDefinitions } from './jobs/registry';
import { requestMissingPipelineRuns, schedulePipelineSweep } from './modules/pipelines';
import { getGroup, insightsRoutes, moveTeamStates } from './modules/insights';
import { summaryRoutes } from './modules/summary';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer';
import authPlugin from './plugins/auth';
import errorHandler from './plugins/error-handler';
import inputGuard from './plugins/input-guard';
import errorReporting from './plugins/error-reporting';
import openapi from './plugins/openapi';
import securityHeaders from './plugins/security-headers';
import web from './plugins/web';
import { authRoutes, seedIfEmpty } from './modules/auth';
import { sessionSecret } from './db/app-settings';
import { connectionsRoutes, recoverInterruptedUploads } from './modules/connections';
import { requestDemoData } from './modules/demo';
import { metricsRoutes } from './modules/metrics';
import { patternSeries, seriesRoutes } from './modules/series';
import uploads from './plugins/uploads';
import { devRoutes } from './modules/dev';
import { apiKeysRoutes } from './modules/apikeys';
import { analyticsRoutes } from './modules/analytics';
import { eventDimensionValues, eventsRoutes, maintainPartitions, scheduleEventJobs } from './modules/events';
import { notificationsRoutes, scheduleNotificationJobs, snoozeAlerts } from './modules/notifications';
import { filtersRoutes } from './modules/filters';
import { flagsRoutes } from './modules/flags';
import { healthRoutes } from './modules/health';
import { tenantsRoutes } from './modules/tenants';
import { usersRoutes } from './modules/users';
import { billingRoutes } from './modules/billing';
import { providersRoutes, syncProviderCatalogue } from './modules/providers';
import { scheduleOutageJobs } from './modules/outages';
import { storesRoutes } from './modules/stores';
import { preferencesRoutes } from './modules/preferences';
import { slackRoutes, type SlackActions } from './modules/slack';
import { phoneRoutes } from './modules/phone';
import { reportsRoutes } from './modules/reports';
import { experienceViews } from './modules/experience';
import { explorerRoutes } from './modules/explorer';
import { homeRoutes } from './modules/home';
import { baseContext } from './plugins/context';

/** Slack's buttons act through the modules that own the state (Slack sits below them). */
const slackActions: SlackActions = {
  groupStatus: async (ctx, id) => (await getGroup({ ctx, input: { id } })).group_status,
  moveTeamState: (ctx, input) => moveTeamStates({ ctx, input }),
  snooze: async (ctx, input) => new Date((await snoozeAlerts({ ctx, input })).data.until),
};
import { resolveSealer } from './crypto/sealer';

export interface BuildAppOptions {
  config: Config;
  /** An open database; when absent one is opened from the config and closed with the app. */
  db?: Db;
  mailer?: Mailer;
  /** Pino logger options; false silences it (tests). */
  logger?: boolean | object;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: 1_048_576,
    // Forwarded headers decide request.ip (and so the sign-in rate limit): believed only from named proxies.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy.join(',') : false,
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed or oversized URLs are refused before routing; Fastify's own answer would echo the URL back.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void reply.code(status).send({ success: false, message: 'The address of this request is not valid.' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db =
    options.db ??
    (await openDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      log: (message) => app.log.debug({ component: 'postgres' }, message),
    }));
  await migrate(db);
  await seedIfEmpty({ ctx: { db }, input: { demo: config.seedDemo } });
  await syncProviderCatalogue(db);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate(
    'mailer',
    options.mailer ??
      (config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : createOutboxMailer(db, app.log, { printLinks: config.logFormat === 'pretty' })),
  );
  const jobs = createJobQueue({ db, log: app.log, pollSeconds: config.jobPollSeconds });
  app.decorate('jobs', jobs);
  app.decorate(
    'sealer',
    resolveSealer({
      encryptionKey: config.encryptionKey,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    }),
  );
  const cpu = createCpuPool({
    size: config.pipelineThreads,
    defaultTimeoutMs: config.pipelineTimeoutSeconds * 1000,
  });
  app.decorate('cpu', cpu);
  // Jobs stop first (running ones finish or are handed back), then the threads and the database they use.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await cpu.close();
    if (!options.db) await db.close();
  });
  app.decorate('routeTable', []);
  app.decorate('registeredRoutes', []);
  // Every route, however it was added, so a test can prove none under /v1 escapes the access rules.
  app.addHook('onRoute', (route) => {
    app.registeredRoutes.push({ method: String(route.method), url: route.url, access: route.config?.access });
  });

  app.decorate('sessionSecret', await sessionSecret(db, config.sessionSecret));
  await app.register(cookie, { secret: app.sessionSecret });
  await app.register(rateLimit, { global: false });
  await app.register(errorReporting);
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(securityHeaders);
  await app.register(authPlugin);
  await app.register(openapi);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(tenantsRoutes);
  await app.register(flagsRoutes);
  await app.register(devRoutes);
  await app.register(uploads);
  await app.register(connectionsRoutes);
  await app.register(metricsRoutes, { eventDimensionValues });
  await app.register(seriesRoutes);
  await app.register(insightsRoutes);
  await app.register(summaryRoutes);
  await app.register(filtersRoutes);
  await app.register(eventsRoutes, { experience: experienceViews, metricSeries: patternSeries });
  await app.register(usersRoutes);
  await app.register(preferencesRoutes);
  await app.register(apiKeysRoutes);
  await app.register(analyticsRoutes);
  await app.register(providersRoutes);
  await app.register(storesRoutes);
  await app.register(slackRoutes, { actions: slackActions });
  await app.register(phoneRoutes);
  await app.register(billingRoutes);
  await app.register(notificationsRoutes);
  await app.register(reportsRoutes);
  await app.register(explorerRoutes);
  await app.register(homeRoutes);

  await app.register(web);

  for (const definition of jobDefinitions(baseContext(app))) {
    jobs.register(definition);
  }
  app.addHook('onReady', async () => {
    await jobs.start({ work: config.runJobs });
    await recoverInterruptedUploads(baseContext(app));
    if (config.seedDemo && config.seedDemoData) await requestDemoData(baseContext(app));
    await requestMissingPipelineRuns(baseContext(app));
    // Partitions for today and the next days exist before the first beacon arrives.
    await maintainPartitions(baseContext(app));
    if (config.runJobs) await schedulePipelineSweep(baseContext(app));
    if (config.runJobs) await scheduleEventJobs(baseContext(app));
    if (config.runJobs) await scheduleNotificationJobs(baseContext(app));
    if (config.runJobs) await scheduleOutageJobs(baseContext(app));
  });
  return app;
}

function loggerOptions(config: Config): object {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
    ...(config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
