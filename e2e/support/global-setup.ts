import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDemoTemplate } from './demo-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped product's data folder holding the analysed demo workspace, or '' (see demo-template.ts). */
    demoTemplate: string;
  }
}

/**
 * Before the browser tests: the analysed demo, once for the whole run (E2E_DEMO_TEMPLATE=off starts every
 * file from scratch instead). The folder is removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.E2E_DEMO_TEMPLATE === 'off') {
    project.provide('demoTemplate', '');
    return () => undefined;
  }
  const root = mkdtempSync(path.join(tmpdir(), 'tidemark-e2e-template-'));
  // Under root the embedded database runs as 'postgres', which must be able to enter the folder.
  chmodSync(root, 0o711);
  const dir = path.join(root, 'demo');
  mkdirSync(dir);
  const started = Date.now();
  await buildDemoTemplate(dir);
  console.log(`e2e: demo template analysed in ${Math.round((Date.now() - started) / 1000)} s`);
  project.provide('demoTemplate', dir);
  return () => rmSync(root, { recursive: true, force: true });
}
