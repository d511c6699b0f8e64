import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInContext, newContext, repoRoot, useProduct } from './support/harness';
import { markWorkspaceSetUp } from './support/workspace';

const DEMO_OWNER = 'owner@demo-store.example';
const shots = path.join(repoRoot, 'artifacts', 'screenshots');
const POLL = { timeout: 20_000 };

async function view(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** The weekly provider report: the demo store's previous week, a card opening the filtered events page. */
describe('the weekly report', () => {
  const product = useProduct();

  it('shows the previous week and opens the events of a provider', { timeout: 240_000 }, async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, DEMO_OWNER);
    await page.goto('/reports');
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const cards = page.getByTestId('report-provider-card');
    await cards.first().waitFor({ timeout: 60_000 });
    // The previous week: a Sunday to the Saturday after it.
    const label = page.getByTestId('report-range');
    // Both ends read at once: the range is first drawn in UTC, then again in the store's time zone once the
    // workspace's settings arrive, and two separate reads could straddle that.
    const readRange = () =>
      label.evaluate((el): [string, string] => [
        el.getAttribute('data-start') ?? '',
        el.getAttribute('data-end') ?? '',
      ]);
    // The demo store's time zone: its Sunday is the one this start falls on there, a week before the end.
    await expect
      .poll(async () => {
        const [start, end] = await readRange();
        return Math.abs(Date.parse(end) - Date.parse(start) - 7 * 86_400_000) <= 3_600_000;
      })
      .toBe(true);
    const [start, end] = await readRange();
    const from = new Date(start);
    const to = new Date(end);
    expect(to.getTime()).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - to.getTime()).toBeLessThan(7 * 86_400_000);
    await view(page, 'reports-week');

    await page.getByRole('button', { name: 'Dashboard' }).click();
    await page.getByTestId('report-chart-incidents').waitFor();
    await page.getByTestId('report-chart-minutes').waitFor();
    await page.getByTestId('report-chart-host-errors').waitFor();
    await view(page, 'reports-dashboard');
    await page.getByRole('button', { name: 'All', exact: true }).click();

    // A card opens /events with the provider, its type, the workspace and the period.
    const first = cards.first();
    await first.getByRole('link', { name: /Open the events of/ }).click();
    await page.waitForURL((url) => url.pathname === '/events', POLL);
    const q = new URL(page.url()).searchParams;
    expect(q.get('provider_uuid')).toBeTruthy();
    expect(q.get('provider_type')).toBeTruthy();
    expect(q.get('tenant_id')).toBeTruthy();
    expect(Date.parse(q.get('startDate') ?? '')).toBe(from.getTime());
    expect(Date.parse(q.get('endDate') ?? '')).toBe(to.getTime() - 1);
    await page.getByRole('region', { name: 'Events summary' }).getByText('Total events').waitFor();
    // The feed settles: cards, or the empty state of the period.
    await page
      .getByTestId('event-card')
      .first()
      .or(page.getByText(/No errors found impacting your business|No events to display/))
      .waitFor({ timeout: 30_000 });
    await view(page, 'reports-to-events');
    await context.close();
  });

  it("says 'No enabled providers' in a new workspace", { timeout: 120_000 }, async () => {
    const email = 'maya@harbor-reports.test';
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, email);
    await markWorkspaceSetUp(product.server, email);
    await page.goto('/reports');
    await page.getByText('No enabled providers').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Choose providers' }).waitFor();
    await view(page, 'reports-empty');
    await context.close();
  });
});
