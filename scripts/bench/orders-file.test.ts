import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureOrdersFile, type ChunkSource } from './orders-file';

describe('ensureOrdersFile', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-orders-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes the seeded orders CSV with a header and the rows asked for', async () => {
    const outDir = freshDir();
    const file = await ensureOrdersFile({ outDir, rows: 1_000, seed: 3 });
    const lines = readFileSync(file.path, 'latin1').trimEnd().split('\n');
    expect(file).toMatchObject({ rows: 1_000, seed: 3, reused: false, bytes: statSync(file.path).size });
    expect(lines[0]).toBe(
      'order_id,created_at,customer_id,channel,country,device,product_category,status,items,revenue,discount,refund_amount',
    );
    expect(lines).toHaveLength(1_001);
  });

  it('reuses the file of an earlier run with the same rows and seed without generating again', async () => {
    const outDir = freshDir();
    const first = await ensureOrdersFile({ outDir, rows: 500, seed: 1 });
    let calls = 0;
    const counting: ChunkSource = () => {
      calls++;
      return ['never written'];
    };
    const second = await ensureOrdersFile({ outDir, rows: 500, seed: 1, chunks: counting });
    expect(second).toMatchObject({ path: first.path, bytes: first.bytes, reused: true, seconds: 0 });
    expect(calls).toBe(0);
  });

  it('keeps files of other seeds and sizes apart', async () => {
    const outDir = freshDir();
    const a = await ensureOrdersFile({ outDir, rows: 500, seed: 1 });
    const b = await ensureOrdersFile({ outDir, rows: 500, seed: 2 });
    const c = await ensureOrdersFile({ outDir, rows: 400, seed: 1 });
    expect(new Set([a.path, b.path, c.path]).size).toBe(3);
    expect(b.reused || c.reused).toBe(false);
    expect(readFileSync(a.path, 'latin1')).not.toBe(readFileSync(b.path, 'latin1'));
  });

  it('writes again when the cached file was cut short or its record is missing', async () => {
    const outDir = freshDir();
    const first = await ensureOrdersFile({ outDir, rows: 500, seed: 1 });
    truncateSync(first.path, 100);
    const again = await ensureOrdersFile({ outDir, rows: 500, seed: 1 });
    expect(again.reused).toBe(false);
    expect(statSync(again.path).size).toBe(first.bytes);

    writeFileSync(first.path.replace(/\.csv$/, '.json'), 'not json');
    expect((await ensureOrdersFile({ outDir, rows: 500, seed: 1 })).reused).toBe(false);
  });

  it('leaves no finished-looking file when generation fails midway', async () => {
    const outDir = freshDir();
    const failing: ChunkSource = function* () {
      yield 'order_id\n1\n';
      throw new Error('disk full');
    };
    await expect(ensureOrdersFile({ outDir, rows: 9, seed: 9, chunks: failing })).rejects.toThrow(
      'disk full',
    );
    expect((await ensureOrdersFile({ outDir, rows: 9, seed: 9, chunks: () => ['order_id\n'] })).reused).toBe(
      false,
    );
  });
});
