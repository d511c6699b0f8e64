import { loadConfig } from './config/env';
import { buildApp } from './app';
import { becomeJobsChild, JOBS_CHILD_ENV } from './jobs/jobs-process';

/**
 * Runs the job workers without serving HTTP, so API and workers scale apart. Give the API processes
 * RUN_JOBS=false; every process must use the same database (DATABASE_URL). `npm start` also runs this file,
 * as its own child (jobs/jobs-process.ts).
 */
if (process.env[JOBS_CHILD_ENV] === '1') becomeJobsChild((reason) => void shutdown(reason));
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  const config = loadConfig(process.env, { runJobs: true });
  if (!config.databaseUrl) {
    throw new Error(
      'set DATABASE_URL: the embedded database belongs to the server process, so workers apart need a PostgreSQL server',
    );
  }
  app = await buildApp({ config });
  await app.ready();
} catch (error) {
  console.error(`Tidemark worker could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
app.log.info({ jobs: app.jobs.names }, 'worker running');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  if (!app) process.exit(0);
  app.log.info({ signal }, 'worker shutting down');
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
