import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSession, signInContext, newContext, repoRoot, useProduct } from './support/harness';
import { DEMO_OWNER, waitForDemoInsights } from './support/demo';
import { markWorkspaceSetUp } from './support/workspace';

const shots = path.join(repoRoot, 'artifacts', 'screenshots');

async function view(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${name}.png`), animations: 'disabled' });
}

/** The collaborate pages, overlays, modals and the team move on the demo store. */
describe('the insight and group pages', () => {
  const product = useProduct({}, { own: 'it resolves a demo group' });

  it(
    'opens a group to analyse over the feed, filters it, views an insight and moves it',
    { timeout: 180_000 },
    async () => {
      const session = await apiSession(product.server, DEMO_OWNER);
      await waitForDemoInsights(product.server, session.cookie);
      const context = await newContext(product.browser, product.server.url);
      const page = await context.newPage();
      await signInContext(page.context(), product.server, DEMO_OWNER);
      await page.goto('/feed');

      // Analyse opens the group's collaborate page over the feed: the URL changes, the feed stays under it.
      const card = page.getByTestId('group-card').first();
      await card.waitFor();
      const groupId = await card.getAttribute('data-group-id');
      await card.getByRole('link', { name: 'Analyse' }).click();
      const overlay = page.getByTestId('detail-overlay');
      await overlay.getByTestId('group-collaborate').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/groups/${groupId}/collaborate`);
      await expect.poll(() => page.getByTestId('group-card').count()).toBeGreaterThan(0);
      await overlay.getByTestId('timeline-chart').waitFor();
      await overlay.getByTestId('business-health').waitFor();
      await view(page, 'collaborate-overlay');
      await overlay.getByRole('button', { name: 'Close' }).first().click();
      await overlay.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/feed');

      // A direct load shows the page itself.
      await page.goto(`/groups/${groupId}/collaborate`);
      const collab = page.getByTestId('group-collaborate');
      await collab.waitFor();
      await expect.poll(() => page.getByTestId('detail-overlay').count()).toBe(0);
      await page.getByTestId('collaborate-insight').first().waitFor();

      // Filters: severity narrows the list (a new request with it), Detailed draws a chart per metric,
      // log scale and bars redraw the chart, the timeline panel collapses.
      const listed = await page.getByTestId('collaborate-insight').count();
      expect(listed).toBeGreaterThan(0);
      expect(listed).toBeLessThanOrEqual(4);
      const severityRequest = page.waitForRequest(
        (r) => r.url().includes('/v1/insights?') && r.url().includes('severity=High'),
      );
      await page.getByRole('combobox', { name: 'Severity' }).click();
      await page.getByRole('option', { name: 'High' }).click();
      await severityRequest;
      await page
        .getByTestId('collaborate-insight')
        .first()
        .or(page.getByText('No insights match these filters.'))
        .waitFor();
      await page.getByRole('combobox', { name: 'Severity' }).click();
      await page.getByRole('option', { name: 'All' }).click();
      await page.getByRole('button', { name: 'Detailed' }).click();
      await page
        .getByRole('switch', { name: 'Log scale' })
        .or(page.getByRole('checkbox', { name: 'Log scale' }))
        .click();
      await page.getByRole('button', { name: 'Bar' }).click();
      await page.getByRole('button', { name: 'Daily' }).click();
      await expect
        .poll(() => page.locator('[data-testid=timeline-chart] svg path').count())
        .toBeGreaterThan(3);
      await view(page, 'collaborate-filters');
      await page.getByRole('button', { name: 'Hide the timeline' }).click();
      await page.getByRole('button', { name: 'Show the timeline' }).waitFor();
      await page.getByRole('button', { name: 'Show the timeline' }).click();

      // View individual insight, then its analyse page; Back returns with the modal open again.
      await page.getByTestId('collaborate-insight').first().getByRole('button', { name: 'View' }).click();
      const modal = page.getByRole('dialog', { name: 'View individual insight' });
      await modal.getByTestId('timeline-chart').waitFor();
      await view(page, 'collaborate-insight-modal');
      await modal.getByRole('button', { name: 'Analyse this insight' }).click();
      await page.getByTestId('insight-collaborate').waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/insights\/\d+\/collaborate$/);
      await page.getByTestId('overlay-table').waitFor();
      await page
        .getByText(/^Trailing 1 (Day|Week|Month|Year) & 2 (Day|Week|Month|Year)s$/)
        .first()
        .waitFor();
      await view(page, 'insight-collaborate');
      await page.getByTestId('insight-collaborate').getByRole('button', { name: 'Back' }).click();
      await page.getByRole('dialog', { name: 'View individual insight' }).waitFor();
      await page
        .getByRole('dialog', { name: 'View individual insight' })
        .getByRole('button', { name: 'Close' })
        .click();
      await page.getByRole('dialog', { name: 'View individual insight' }).waitFor({ state: 'hidden' });

      // Activity Timeline before the move.
      await collab.getByRole('button', { name: 'Activity Timeline' }).click();
      const activity = page.getByRole('dialog', { name: 'Activity Timeline' });
      await activity.getByText('No history available').or(activity.getByTestId('group-history')).waitFor();
      await activity.getByRole('button', { name: 'Close' }).click();
      await activity.waitFor({ state: 'hidden' });

      // Comment flow: open, cancel, open again and send.
      await collab.getByRole('button', { name: 'Comment' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await collab.getByRole('button', { name: 'Comment' }).click();
      await page.getByRole('textbox', { name: 'Your comment' }).fill('Campaign traffic, expected.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Comment added').waitFor();

      // Team move: Resolve → Confirm posts the move and records team_state_moved; history shows it.
      const tracked = page.waitForRequest(
        (r) => r.url().includes('/v1/analytics/events') && (r.postData() ?? '').includes('team_state_moved'),
      );
      await collab.getByRole('button', { name: 'Resolve' }).click();
      const confirm = page.getByRole('dialog', { name: 'Resolve this group?' });
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Moved to the Resolved feed').waitFor();
      const event = JSON.parse((await tracked).postData() ?? '{}') as {
        event: string;
        properties: Record<string, string>;
      };
      expect(event.event).toBe('team_state_moved');
      expect(event.properties).toMatchObject({
        group_id: groupId,
        old_state: 'Open',
        current_state: 'Resolved',
      });
      await collab.getByTestId('team-state').getByText('Resolved feed').waitFor();
      await collab.getByRole('button', { name: 'Activity Timeline' }).click();
      await activity.getByText('Moved to Resolved').waitFor();
      await view(page, 'collaborate-activity-timeline');
      await activity.getByRole('button', { name: 'Close' }).click();
      await context.close();
    },
  );

  it('says a group is not found in an empty workspace', { timeout: 120_000 }, async () => {
    const email = 'lea@empty-pages.test';
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, email);
    await markWorkspaceSetUp(product.server, email);
    await page.goto('/groups/1/collaborate');
    await page.getByText('Group not found').waitFor();
    await page.goto('/insights/1/collaborate');
    await page.getByText('Insight not found').waitFor();
    await view(page, 'collaborate-empty-workspace');
    await context.close();
  });
});
