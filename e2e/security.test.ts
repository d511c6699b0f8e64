import { readdirSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@tidemark/contract';
import {
  newContext,
  repoRoot,
  screenshot,
  signInByMagicLink,
  startServer,
  useProduct,
} from './support/harness';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** Records every CSP violation the browser reports on the page, from its first script on. */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
  });
`;

describe('the production build under its security headers', () => {
  const product = useProduct();

  it('runs every main screen with the Content-Security-Policy on and no violation', async () => {
    const context = await newContext(product.browser, product.server.url);
    await context.addInitScript(RECORD_VIOLATIONS);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content.Security.Policy/i.test(m.text())) consoleErrors.push(m.text());
    });
    const first = await page.goto('/login');
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInByMagicLink(page, product.server, 'owner@demo-store.example');
    for (const url of [
      '/events',
      '/feed',
      '/metrics',
      '/datasources',
      '/preferences?tab=profile',
      '/reports',
    ]) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      expect(violations, url).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('answers an unknown path with status 404 and the not-found page', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    const res = await page.goto('/no-such-page/anywhere');
    expect(res?.status()).toBe(404);
    await page.getByText(UI_MESSAGES.pageNotFound).waitFor();
    await screenshot(page, 'not-found-404');
    const known = await page.goto('/login');
    expect(known?.status()).toBe(200);
    await context.close();
  });

  it('ships no source maps, and serves none', async () => {
    const dist = path.join(repoRoot, 'apps/web/dist');
    const files = filesUnder(dist);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    const script = files.find((f) => f.endsWith('.js'))!;
    const asset = `/${path.relative(dist, script).split(path.sep).join('/')}`;
    expect((await fetch(`${product.server.url}${asset}`)).status).toBe(200);
    expect((await fetch(`${product.server.url}${asset}.map`)).status).toBe(404);
  });

  it('has no local outbox in production', async () => {
    const res = await fetch(`${product.server.url}/v1/dev/outbox`);
    expect(res.status).toBe(404);
  });
});

/** The machine's first address that is not loopback, to connect to the server as another host would. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('the local outbox on a real socket', () => {
  it.runIf(outsideAddress)(
    'answers a loopback connection and looks absent to one from another interface',
    async () => {
      const server = await startServer({ NODE_ENV: 'development', HOST: '0.0.0.0', SMTP_URL: '' });
      try {
        const port = new URL(server.url).port;
        await fetch(`${server.url}/v1/auth/magic-login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ destination: 'owner@demo-store.example' }),
        });
        const local = await fetch(`http://127.0.0.1:${port}/v1/dev/outbox`);
        expect(local.status).toBe(200);
        expect(await local.text()).toContain('token=');
        const remote = await fetch(`http://${outsideAddress}:${port}/v1/dev/outbox`, {
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect(remote.status).toBe(404);
        expect(await remote.text()).not.toContain('token=');
      } finally {
        await server.stop();
      }
    },
  );
});
