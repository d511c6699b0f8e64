import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSession, signInContext, newContext, repoRoot, useProduct } from './support/harness';
import { DEMO_OWNER, waitForDemoInsights } from './support/demo';
import { markWorkspaceSetUp } from './support/workspace';

const shots = path.join(repoRoot, 'artifacts', 'screenshots');

/** What the user sees in the window, with transitions finished (dialogs and popovers fade in). */
async function view(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${name}.png`), animations: 'disabled' });
}

/** The group page on the demo store: opened from a feed card's link, edited, resolved, seen in history. */
describe('the group page', () => {
  const product = useProduct({}, { own: "it edits a demo group's title and resolves it" });

  it(
    'opens a group from the feed, edits its title, resolves it and shows the move',
    { timeout: 240_000 },
    async () => {
      const session = await apiSession(product.server, DEMO_OWNER);
      await waitForDemoInsights(product.server, session.cookie);
      const context = await newContext(product.browser, product.server.url);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.server.url });
      const page = await context.newPage();
      await signInContext(page.context(), product.server, DEMO_OWNER);
      await page.goto('/feed');

      // The feed card's link is the group page.
      const card = page.getByTestId('group-card').first();
      await card.waitFor();
      const groupId = await card.getAttribute('data-group-id');
      await card.getByRole('button', { name: 'Copy link' }).click();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toContain(`/groups/${groupId}`);
      await page.goto(link);

      const pageRoot = page.getByTestId('group-page');
      await pageRoot.waitFor();
      await page.getByTestId('timeline-chart').waitFor();
      await expect
        .poll(() => page.locator('[data-testid=timeline-chart] svg path').count())
        .toBeGreaterThan(3);
      await page.getByText('No history available').waitFor();
      await view(page, 'group-page');

      // Inline edit: an unchanged save is refused with the spec's message, then a new title is saved.
      await page.getByRole('button', { name: 'Edit title and summary' }).click();
      const title = page.getByRole('textbox', { name: 'Title' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Please update either title or summary').waitFor();
      await title.fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Title cannot be empty').waitFor();
      await view(page, 'group-page-edit');
      await title.fill('Checkout orders jumped after the spring campaign');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The record is updated successfully.').waitFor();
      await page
        .getByRole('heading', { level: 1, name: 'Checkout orders jumped after the spring campaign' })
        .waitFor();

      // Resolve: Cancel leaves it open; Confirm moves it and the history shows the move.
      await page.getByRole('button', { name: 'Resolve' }).click();
      const dialog = page.getByRole('dialog', { name: 'Resolve this group?' });
      await dialog.waitFor();
      await view(page, 'group-page-resolve-dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Resolve' }).click();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Moved to the Resolved feed').waitFor();
      const history = page.getByTestId('group-history');
      await history.getByText('Moved to Resolved').waitFor();
      await history.getByText('Edited the title').waitFor();
      await page.getByRole('button', { name: 'Flag' }).waitFor();
      await page.getByText(/^Time to resolve: /).waitFor();
      await view(page, 'group-page-resolved');

      // The resolved group left the open feed.
      const open = await fetch(`${product.server.url}/v1/insights/groups?page_num=1`, {
        headers: { cookie: session.cookie },
      });
      const ids = ((await open.json()) as { groups: Array<{ group_id: string }> }).groups.map(
        (g) => g.group_id,
      );
      expect(ids).not.toContain(groupId);

      // Its first insight has a page of its own with a link back to the group.
      const insights = await fetch(`${product.server.url}/v1/insights?group_id=${groupId}`, {
        headers: { cookie: session.cookie },
      });
      const insightId = ((await insights.json()) as { insights: Array<{ insight_id: string }> }).insights[0]!
        .insight_id;
      await page.goto(`/insights/${insightId}`);
      await page.getByTestId('insight-page').waitFor();
      await page.getByRole('button', { name: 'How the lift is calculated' }).click();
      await page.getByText('Lift = (current − expected) ÷ expected').waitFor();
      await view(page, 'insight-page-lift');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'How the lift is calculated' }).waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.getByRole('link', { name: 'Open its group' }).getAttribute('href'), {
          timeout: 30_000,
        })
        .toBe(`/groups/${groupId}`);
      await page.mouse.wheel(0, 700);
      // The charts' skeletons (aria-busy) give way to the drawn charts before the picture is taken.
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 60_000 }).toBe(0);
      await view(page, 'insight-page-charts');

      // Unknown ids show the not-found views.
      await page.goto('/groups/999999');
      await page.getByText('Group not found').waitFor();
      await view(page, 'group-page-not-found');
      await page.goto('/insights/999999');
      await page.getByText('Insight not found').waitFor();
      await context.close();
    },
  );

  it('shows the not-found view in an empty workspace', { timeout: 120_000 }, async () => {
    const email = 'noor@empty-shop.test';
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, email);
    await markWorkspaceSetUp(product.server, email);
    await page.goto('/groups/1');
    await page.getByText('Group not found').waitFor();
    await view(page, 'group-page-empty-workspace');

    // Demo mode reads the shared demo store: its groups open here too.
    const demo = await apiSession(product.server, DEMO_OWNER);
    await waitForDemoInsights(product.server, demo.cookie);
    await page
      .getByRole('switch', { name: 'Demo Mode' })
      .or(page.getByRole('checkbox', { name: 'Demo Mode' }))
      .click();
    await page.getByText('Exit demo mode').waitFor();
    await page.goto('/feed');
    const card = page.getByTestId('group-card').first();
    await card.waitFor();
    await page.goto(`/groups/${await card.getAttribute('data-group-id')}`);
    await page.getByTestId('group-page').waitFor();
    await page.getByTestId('group-history').or(page.getByText('No history available')).waitFor();
    // The sample store is read-only: its team actions and edit are disabled.
    expect(await page.getByRole('button', { name: 'Resolve' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Edit title and summary' }).isDisabled()).toBe(true);
    // The screenshot shows the demo's chart, not its loading skeleton.
    await page.getByTestId('timeline-chart').waitFor();
    await view(page, 'group-page-demo-mode');
    await context.close();
  });
});
