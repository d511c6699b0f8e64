import { readdirSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@tidemark/contract';
import type { Frame, Locator, Page } from 'playwright-core';
import {
  apiSession,
  newContext,
  repoRoot,
  screenshot,
  settled,
  signInByMagicLink,
  signInContext,
  startServer,
  useProduct,
} from './support/harness';
import { HOSTILE, HOSTILE_METRIC, uploadHostileOrders } from './support/hostile-orders';
import { recentSpikeClockShift } from './support/recent-spike';
import { markWorkspaceSetUp } from './support/workspace';

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

/** Whether any of the payload's elements made it into a document: the image, the link, the style sheet. */
async function payloadElements(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const found = [...document.querySelectorAll('img[src="/v1/logout"], a[href="//evil.example"]')].map(
      (e) => e.outerHTML,
    );
    for (const s of document.querySelectorAll('style'))
      if (s.textContent?.includes('*{display:none}')) found.push(s.outerHTML);
    if (getComputedStyle(document.body).display === 'none') found.push('body hidden');
    return found;
  });
}

/** No payload element on the page or in its frames, and the session still answers. */
async function expectUnharmed(page: Page, where: string): Promise<void> {
  for (const frame of page.frames()) expect(await payloadElements(frame), where).toEqual([]);
  const verify = await page.evaluate(async () => (await fetch('/v1/auth/verify')).status);
  expect(verify, `${where}: still signed in`).toBe(200);
}

/**
 * Moves the mouse over a chart until its tooltip (ECharts' HTML box) shows `text`, and answers the tooltip's
 * text as the viewer reads it. Bars answer only over themselves, so the mouse sweeps the chart.
 */
async function hoverUntilShown(page: Page, chart: Locator, text: string): Promise<string> {
  await chart.locator('svg').first().waitFor();
  const tooltip = chart.locator('div[style*="9999999"]').first();
  const shown = async () =>
    (await tooltip.isVisible().catch(() => false)) && ((await tooltip.innerText()).includes(text) as boolean);
  const box = (await chart.boundingBox())!;
  for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    for (const fx of [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9]) {
      await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
      // The tooltip fades and slides in: look once the page is still.
      await settled(page);
      if (await shown()) return tooltip.innerText();
    }
  }
  throw new Error(`no tooltip showing ${text} over ${await chart.getAttribute('data-testid')}`);
}

describe('user data with markup in the charts', () => {
  // No demo: this workspace's upload is the only one the jobs analyse. Its clock may run ahead so the
  // uploaded spike lands on an ordinary recent day (recent-spike.ts).
  const product = useProduct(
    { SEED_DEMO_DATA: 'false' },
    { clockShiftMs: recentSpikeClockShift(Date.now()) },
  );

  it(
    'shows markup in metric names and dimension values as text in every chart tooltip, and the viewer stays signed in',
    { timeout: 300_000 },
    async () => {
      const email = 'mara@markup-goods.test';
      const { server } = product;
      const context = await newContext(product.browser, server.url, { clockShiftMs: server.clockShiftMs });
      const page = await context.newPage();
      const payloadRequests: string[] = [];
      context.on('request', (r) => {
        if (/\/v1\/logout|evil\.example/.test(r.url())) payloadRequests.push(r.url());
      });
      await signInContext(page.context(), server, email);
      await markWorkspaceSetUp(server, email);
      const session = await apiSession(server, email);
      await uploadHostileOrders(server, session);

      // The series and the pipeline run as jobs: wait for the spike's insight, with its root cause.
      let insightId: string | undefined;
      const findInsight = async () => {
        const groups = await fetch(`${server.url}/v1/insights/groups?page_num=1`, {
          headers: { cookie: session.cookie },
        });
        const ids = groups.ok
          ? ((await groups.json()) as { groups: Array<{ group_id: string }> }).groups.map((g) => g.group_id)
          : [];
        for (const groupId of ids) {
          const res = await fetch(`${server.url}/v1/insights?group_id=${groupId}`, {
            headers: { cookie: session.cookie },
          });
          const list = (
            (await res.json()) as { insights: Array<{ insight_id: string; has_rootcause: boolean }> }
          ).insights;
          insightId ??= list.find((i) => i.has_rootcause)?.insight_id;
        }
        return insightId;
      };
      await expect
        .poll(findInsight, {
          timeout: 240_000,
          interval: 1000,
          message: 'no insight with a root cause was raised',
        })
        .toBeDefined();

      // The insight page: its timeline (the metric's name) and its root cause (the countries).
      await page.goto(`/insights/${insightId}`);
      await page.getByTestId('insight-page').waitFor();
      const timeline = page.getByTestId('timeline-chart').first();
      expect(await hoverUntilShown(page, timeline, HOSTILE_METRIC)).toContain('Expected range:');
      await expectUnharmed(page, 'insight timeline');
      const rootcause = page.getByTestId('rootcause-chart');
      await rootcause.scrollIntoViewIfNeeded();
      expect(await hoverUntilShown(page, rootcause, HOSTILE.logout)).toMatch(/Impact: /);
      await screenshot(page, 'security-markup-rootcause-tooltip');
      await expectUnharmed(page, 'root cause');

      // The metric's own page: its timeline.
      await page.goto('/metrics');
      await page.getByRole('link', { name: HOSTILE_METRIC, exact: true }).first().click();
      const series = page.getByTestId('metric-series-chart');
      await series.waitFor();
      await page.getByRole('heading', { name: HOSTILE_METRIC }).first().waitFor();
      await hoverUntilShown(page, series, 'Expected:');
      await expectUnharmed(page, 'metric page');

      // The explorer (in its frame), split by country: every series is named by a value with markup.
      await page.goto('/explorer');
      const frame = page.frameLocator('iframe[title="Data explorer"]');
      await frame.getByRole('combobox', { name: 'Metrics' }).click();
      await frame.getByRole('option', { name: HOSTILE_METRIC, exact: true }).click();
      await frame.getByRole('combobox', { name: 'Metrics' }).press('Escape');
      await frame.getByRole('combobox', { name: 'Split by' }).click();
      await frame.getByRole('option', { name: 'Country' }).click();
      const explorer = frame.getByTestId('explorer-chart');
      await expect.poll(() => explorer.getAttribute('aria-label')).toContain(HOSTILE.style);
      const tip = await hoverUntilShown(page, explorer, HOSTILE.link);
      for (const text of Object.values(HOSTILE)) expect(tip).toContain(text);
      await screenshot(page, 'security-markup-explorer-tooltip');
      await expectUnharmed(page, 'explorer');

      expect(payloadRequests).toEqual([]);
      await context.close();
    },
  );
});
