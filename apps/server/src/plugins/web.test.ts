import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app';

const SCRIPT = 'console.log("a script long enough to be worth compressing");\n'.repeat(40);

describe('the web build served by the server', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    // A build as apps/web/vite.config.ts writes it: each text file with its .br and .gz beside it.
    dir = mkdtempSync(path.join(tmpdir(), 'tidemark-web-'));
    mkdirSync(path.join(dir, 'assets'));
    const html = '<!doctype html><div id="root"></div>';
    writeFileSync(path.join(dir, 'index.html'), html);
    writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
    writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dir, 'assets', 'app-1a2b.js.gz'), gzipSync(SCRIPT));
    t = await buildTestApp({ config: { webDistDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts it, cached for good, varying on Accept-Encoding', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends gzip to a browser without brotli and the plain file to one that accepts neither', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends an app page compressed and never cached without revalidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/feed', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
