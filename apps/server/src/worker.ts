import { loadConfig } from './config/env';
import { buildApp } from './app';

/**
 * Runs the job workers without serving HTTP, so API and workers scale apart. Give the API processes
 * RUN_JOBS=false; every process must use the same database (DATABASE_URL).
 */
let app: Awaited<ReturnType<typeof buildApp>>;
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
  app.log.info({ signal }, 'worker shutting down');
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
