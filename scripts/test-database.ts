import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import '../apps/server/src/testing/provided-context';

/**
 * One PostgreSQL server for the whole run: the server in TEST_DATABASE_URL when set (CI points it at the
 * machine's server), otherwise an embedded one in a temporary folder, stopped and deleted afterwards.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('databaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidemark-test-db-'));
  const server = await startEmbeddedPostgres({ dataDir, disposable: true });
  project.provide('databaseUrl', server.connectionString);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
