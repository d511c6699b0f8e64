import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDemoTemplate, copyTemplate } from './demo-template';
import { repoRoot, startServer } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped product's data folder holding the analysed demo workspace, or '' (see demo-template.ts). */
    demoTemplate: string;
    /** The run's shared server (see harness.ts useProduct), or null when E2E_SHARED_SERVER=off. */
    sharedServer: { url: string; dataDir: string; mailDir: string } | null;
    /** The run's copy of the web build, which every server of the run serves. */
    webDist: string;
  }
}

/**
 * Before the browser tests: the analysed demo, once for the whole run (E2E_DEMO_TEMPLATE=off starts every
 * server from scratch instead), then one production server on a copy of it that every file without needs of
 * its own shares (E2E_SHARED_SERVER=off gives every file its own). Both are removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = mkdtempSync(path.join(tmpdir(), 'tidemark-e2e-run-'));
  // Under root the embedded database runs as 'postgres', which must be able to enter the folder.
  chmodSync(root, 0o711);
  // Every server of the run serves this copy of the web build: a rebuild during the run (another checkout's
  // npm run build) would otherwise leave a long-lived server's pages asking for assets that are gone.
  const webDist = path.join(root, 'web');
  cpSync(path.join(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  project.provide('webDist', webDist);
  const runEnv = { WEB_DIST_DIR: webDist };
  let template = '';
  if (process.env.E2E_DEMO_TEMPLATE !== 'off') {
    template = path.join(root, 'demo');
    mkdirSync(template);
    const started = Date.now();
    await buildDemoTemplate(template, runEnv);
    console.log(`e2e: demo template analysed in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  project.provide('demoTemplate', template);

  let stopShared = async (): Promise<void> => undefined;
  if (process.env.E2E_SHARED_SERVER === 'off') {
    project.provide('sharedServer', null);
  } else {
    const dataDir = path.join(root, 'shared');
    mkdirSync(dataDir);
    if (template) copyTemplate(template, dataDir);
    const mailDir = path.join(root, 'shared-mail');
    const started = Date.now();
    // Every file signs in from loopback, many as the demo owner: the sign-in limits, per address and per IP,
    // are for one person, and this server serves the whole run.
    const server = await startServer(
      {
        ...runEnv,
        MAGIC_LINK_LIMIT_PER_ADDRESS: '10000',
        MAGIC_LINK_LIMIT_PER_IP: '100000',
        MAGIC_LINK_CAP_PER_ADDRESS: '10000',
      },
      { dataDir, mailSpoolDir: mailDir },
    );
    console.log(`e2e: shared server started in ${Math.round((Date.now() - started) / 1000)} s`);
    project.provide('sharedServer', { url: server.url, dataDir, mailDir });
    stopShared = () => server.stop();
  }
  return async () => {
    await stopShared();
    rmSync(root, { recursive: true, force: true });
  };
}
