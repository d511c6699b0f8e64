import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseHome } from './embedded';

describe("the embedded database's folder", () => {
  let scratch: string;
  let home: string;
  let dataDir: string;
  let roots: string[];

  beforeEach(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'tm-home-'));
    chmodSync(scratch, 0o755);
    // A checkout in a home folder only its owner can enter, like /root.
    home = path.join(scratch, 'root');
    dataDir = path.join(home, 'tm-probe', 'data');
    mkdirSync(dataDir, { recursive: true });
    chmodSync(home, 0o700);
    roots = [path.join(scratch, 'var', 'lib', 'tidemark')];
  });
  afterEach(() => {
    chmodSync(home, 0o755);
    rmSync(scratch, { recursive: true, force: true });
  });

  const cluster = (dir: string) => {
    mkdirSync(path.join(dir, 'pg'), { recursive: true });
    writeFileSync(path.join(dir, 'pg', 'PG_VERSION'), '18\n');
  };

  it("moves to a folder named after the checkout when the 'postgres' user cannot enter one above DATA_DIR", () => {
    const chosen = databaseHome(dataDir, { asRoot: true, roots });
    expect(chosen.blockedAt).toBe(home);
    expect(path.dirname(chosen.dir)).toBe(roots[0]);
    expect(path.basename(chosen.dir)).toMatch(/^tm-probe-[0-9a-f]{8}$/);
    // The same checkout finds the same folder on every start; another checkout gets its own.
    expect(databaseHome(dataDir, { asRoot: true, roots })).toEqual(chosen);
    const other = path.join(home, 'tm-probe-2', 'data');
    expect(databaseHome(other, { asRoot: true, roots }).dir).not.toBe(chosen.dir);
  });

  it('stays in DATA_DIR when every folder above it can be entered, or when not running as root', () => {
    expect(databaseHome(dataDir, { asRoot: false, roots })).toEqual({ dir: dataDir });
    chmodSync(home, 0o711);
    expect(databaseHome(dataDir, { asRoot: true, roots })).toEqual({ dir: dataDir });
  });

  it('never leaves a cluster behind for an empty one', () => {
    const moved = databaseHome(dataDir, { asRoot: true, roots }).dir;
    cluster(moved);
    chmodSync(home, 0o711);
    expect(databaseHome(dataDir, { asRoot: true, roots }).dir).toBe(moved);

    rmSync(moved, { recursive: true });
    chmodSync(home, 0o700);
    cluster(dataDir);
    expect(databaseHome(dataDir, { asRoot: true, roots }).dir).toBe(dataDir);
  });

  it('skips a root the user cannot reach either', () => {
    const closed = path.join(scratch, 'closed');
    mkdirSync(closed, { mode: 0o700 });
    const chosen = databaseHome(dataDir, { asRoot: true, roots: [path.join(closed, 'tidemark'), ...roots] });
    expect(path.dirname(chosen.dir)).toBe(roots[0]);
  });
});
