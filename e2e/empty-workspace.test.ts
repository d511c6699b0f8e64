import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, screenshot, signInByMagicLink, useProduct } from './support/harness';
import { markWorkspaceSetUp } from './support/workspace';

/** The first hour: a new workspace has no data, and every screen says what to do next. */
describe('an empty workspace', () => {
  const product = useProduct();

  async function prompt(page: Page) {
    const card = page.getByRole('region', { name: 'Connect your data' });
    await card.waitFor();
    return card;
  }

  it(
    'offers Connect your data on the feed, events and home, leading to the data-source wizard',
    { timeout: 240_000 },
    async () => {
      const email = 'ines@still-harbour.test';
      const page = await (await newContext(product.browser, product.server.url)).newPage();
      await signInByMagicLink(page, product.server, email, '/signup');
      await page.waitForURL('**/onboard/**');
      await markWorkspaceSetUp(product.server, email);

      await page.goto('/feed');
      await prompt(page);
      await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
      expect(await page.getByText(/Nothing moved/).count()).toBe(0);
      await screenshot(page, 'empty-workspace-feed');

      await page.goto('/events');
      await (
        await prompt(page)
      )
        .getByText('Outages at your providers show below.', { exact: false })
        .waitFor();
      await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();
      await screenshot(page, 'empty-workspace-events');

      await page.goto('/metrics');
      await prompt(page);
      await screenshot(page, 'empty-workspace-metrics');

      // Home, as the top bar's tab opens it (when the digest feature shows that tab).
      const homeTab = page.getByRole('link', { name: 'Home', exact: true });
      if ((await homeTab.count()) > 0) {
        await homeTab.click();
        await page.waitForURL((u) => u.pathname === '/');
        await prompt(page);
        await screenshot(page, 'empty-workspace-home');
      }

      await (await prompt(page)).getByRole('link', { name: 'Connect your data' }).click();
      await page.waitForURL('**/onboarding/select-datasources');
    },
  );
});
