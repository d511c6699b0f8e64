import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { createAppTemplate } from '../apps/server/src/testing/app-template';
import '../apps/server/src/testing/provided-context';

/**
 * One PostgreSQL server for the whole run: the server in TEST_DATABASE_URL when set (CI points it at the
 * machine's server), otherwise an embedded one in a temporary folder, stopped and deleted afterwards. On it,
 * one database migrated and seeded by the product's start, which every buildTestApp clones
 * (apps/server/src/testing/app-template.ts; TEST_APP_TEMPLATE=off migrates a fresh schema per app instead).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  let url = process.env.TEST_DATABASE_URL;
  let stopServer = async () => undefined as void;
  if (!url) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tidemark-test-db-'));
    const server = await startEmbeddedPostgres({ dataDir, disposable: true });
    url = server.connectionString;
    stopServer = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  project.provide('databaseUrl', url);
  const template = process.env.TEST_APP_TEMPLATE === 'off' ? null : await createAppTemplate(url);
  project.provide('appTemplate', template?.name ?? '');
  return async () => {
    await template?.drop();
    await stopServer();
  };
}
