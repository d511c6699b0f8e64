import { loadConfig } from './config/env';
import { buildApp } from './app';
import { DEMO_OWNER_EMAIL, OPERATOR_EMAIL } from './modules/auth';
import { embeddedKey } from './crypto/sealer';
import { describeDatabaseHome } from './db/embedded';
import { servesOutbox } from './modules/dev';
import { JOBS_CHILD_ENV, STOP_GRACE_MS, startJobsProcess, type JobsProcess } from './jobs/jobs-process';

let app: Awaited<ReturnType<typeof buildApp>>;
let config: ReturnType<typeof loadConfig>;
let separateJobs = false;
try {
  config = loadConfig();
  separateJobs = config.runJobs && config.jobsProcess === 'separate';
  app = await buildApp({ config: separateJobs ? { ...config, runJobs: false } : config });
} catch (error) {
  // A bad environment or an unreachable database: say what is wrong, without a stack trace.
  console.error(`Tidemark could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let jobsProcess: JobsProcess | null = null;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // The jobs process gets its grace, in-flight requests ten seconds; then the process goes regardless.
  const force = setTimeout(() => process.exit(1), (jobsProcess ? STOP_GRACE_MS : 0) + 10_000);
  force.unref();
  // The jobs process leaves first: it uses the database this process may be about to stop.
  await jobsProcess?.stop();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}

if (separateJobs) {
  jobsProcess = startJobsProcess({
    entry: new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url),
    env: {
      ...process.env,
      // The child reaches this process's database, embedded or not, and seals secrets with the same key.
      DATABASE_URL: app.db.connectionString,
      ...(!config.encryptionKey && !config.databaseUrl
        ? { ENCRYPTION_KEY: embeddedKey(config.dataDir) }
        : {}),
      [JOBS_CHILD_ENV]: '1',
    },
    log: app.log,
  });
}

const mail =
  app.mailer.kind !== 'outbox'
    ? 'Sign-in links are sent through SMTP.'
    : config.env === 'production'
      ? '!! NODE_ENV=production and no SMTP_URL: sign-in e-mails CANNOT BE DELIVERED. Nobody can sign in by e-mail until SMTP_URL is set.'
      : !servesOutbox(config, app.mailer.kind)
        ? '!! DATABASE_URL is set and no SMTP_URL: sign-in e-mails are kept but not shown. Set SMTP_URL, or DEV_OUTBOX=true to read them at /v1/dev/outbox from this machine.'
        : `No SMTP_URL is set: sign-in e-mails go to the local outbox, readable from this machine only at ${config.publicUrl}/v1/dev/outbox${config.logFormat === 'pretty' ? ' (and printed in this log)' : ''}`;
if (app.mailer.kind === 'outbox' && config.env === 'production') {
  app.log.error('NODE_ENV=production without SMTP_URL: sign-in e-mails cannot be delivered');
}
console.log(
  [
    '',
    `  Tidemark is running on ${config.publicUrl}  (database: ${app.db.kind === 'embedded' ? `embedded PostgreSQL in ${describeDatabaseHome(config.dataDir)}` : 'PostgreSQL server'})`,
    `  Sign in at ${config.publicUrl}/login with a magic link for:`,
    `    ${DEMO_OWNER_EMAIL}   owner of the Demo Store workspace`,
    `    ${OPERATOR_EMAIL}  operator, can view every customer`,
    `  ${mail}`,
    '',
  ].join('\n'),
);
