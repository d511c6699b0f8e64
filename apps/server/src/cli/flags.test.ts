import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from '../modules/auth';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('npm run flags', () => {
  let dataDir: string;
  let demoTenantId: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tidemark-flags-'));
    const db = await openDb({ dataDir });
    await migrate(db);
    demoTenantId = (await seedIfEmpty({ ctx: { db }, input: { demo: true } })).demoTenantId;
    await db.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const flags = (...args: string[]) =>
    run(
      process.execPath,
      [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/cli/flags.ts', ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );

  it('turns a flag on for a workspace named by id, and lists it by name', async () => {
    const set = await flags('set', String(demoTenantId), 'explorer', 'on');
    expect(set.stdout).toContain('Demo Store');
    expect(set.stdout).toMatch(/on\s+explorer/);
    const list = await flags('list', 'demo store');
    expect(list.stdout).toMatch(/on\s+explorer/);
  });

  it('explains its usage and fails for an unknown flag', async () => {
    await expect(flags('set', String(demoTenantId), 'teleport', 'on')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage:'),
    });
  });

  it('refuses to open the embedded database while another process holds it', async () => {
    const db = await openDb({ dataDir });
    try {
      await expect(flags('list', 'Demo Store')).rejects.toMatchObject({
        stderr: expect.stringContaining('Another Tidemark process'),
      });
    } finally {
      await db.close();
    }
  });

  it('fails clearly for an unknown workspace', async () => {
    await expect(flags('list', 'Nobody Inc')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No workspace'),
    });
  });
});
