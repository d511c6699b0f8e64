import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSession, signInContext, newContext, repoRoot, screenshot, useProduct } from './support/harness';
import { markWorkspaceSetUp } from './support/workspace';

const DEMO_OWNER = 'owner@demo-store.example';
const shots = path.join(repoRoot, 'artifacts', 'screenshots');

/** What the user sees in the window (a whole feed is too tall to read as one picture). */
async function view(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** The demo's site traffic goes through the ingest and the grouping job (done before the run): its groups. */
async function waitForDemoGroups(url: string, cookie: string): Promise<number> {
  const start = new Date(Date.now() - 14 * 86_400_000).toISOString();
  const count = async () => {
    const res = await fetch(`${url}/v1/events/groups?start_time=${encodeURIComponent(start)}`, {
      headers: { cookie },
    });
    return res.ok ? ((await res.json()) as { event_groups: unknown[] }).event_groups.length : 0;
  };
  await expect
    .poll(count, { timeout: 60_000, interval: 1000, message: 'the demo workspace has no event groups' })
    .toBeGreaterThanOrEqual(3);
  return count();
}

const search = (page: Page) => new URL(page.url()).searchParams;
/** The machine is shared: give waits on the URL and controls the time a loaded page needs. */
const POLL = { timeout: 20_000 };

/** The events screens: feed, filters, period stepper, time picker, detail overlay, share and feedback. */
describe('the events screens', () => {
  const product = useProduct();

  it('works the feed and a group of the demo store', { timeout: 180_000 }, async () => {
    const session = await apiSession(product.server, DEMO_OWNER);
    await waitForDemoGroups(product.server.url, session.cookie);

    const context = await newContext(product.browser, product.server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.server.url });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await signInContext(page.context(), product.server, DEMO_OWNER);
    await page.goto('/events');

    // The header and the first cards; a severity with events is picked and written to the URL.
    const header = page.getByRole('region', { name: 'Events summary' });
    await header.getByText('Total events').waitFor();
    await expect.poll(() => search(page).get('severity') ?? '', POLL).toMatch(/^(High|Medium|Low)$/);
    const cards = page.getByTestId('event-card');
    // Cards, unless the workspace's week has only just begun (its first minutes may hold no event yet): then
    // the header counts none, High stays picked and the feed says so.
    const total = header.getByText('Total events').locator('xpath=following-sibling::p');
    await total.waitFor({ timeout: 30_000 });
    const weekEmpty = (await total.innerText()) === '0';
    const feedShown = async () => {
      if (!weekEmpty) return cards.first().waitFor({ timeout: 30_000 });
      await page.getByTestId('events-empty').waitFor({ timeout: 30_000 });
      expect(await cards.count()).toBe(0);
    };
    await feedShown();
    if (weekEmpty) expect(search(page).get('severity')).toBe('High');
    await page.getByTestId('events-error-timeline').waitFor();
    await view(page, 'events-feed');

    // Read-only selectors: typing does nothing; a chosen value comes from the list.
    const status = page.getByTestId('events-filter-status').getByRole('combobox');
    await status.click();
    await page.keyboard.type('Closed');
    expect(await status.inputValue()).toBe('');
    await page.getByRole('option', { name: 'Live' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => search(page).get('status'), POLL).toBe('Live');
    // Backspace does not remove the tag.
    await status.focus();
    await page.keyboard.press('Backspace');
    expect(search(page).get('status')).toBe('Live');
    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect.poll(() => search(page).get('status'), POLL).toBeNull();
    await expect.poll(() => search(page).get('severity'), POLL).toBe('');
    await feedShown();

    // Period stepper: next is disabled in the current week; previous steps back a whole week, next returns.
    const next = page.getByRole('button', { name: 'Next period' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous period' }).click();
    await expect.poll(() => search(page).get('startDate'), POLL).not.toBeNull();
    const previousStart = new Date(search(page).get('startDate')!);
    expect(previousStart.getUTCDay()).toBe(0);
    await expect.poll(() => next.isDisabled(), POLL).toBe(false);
    // Month from there: the month the previous week started in. When that is last month (early in a month),
    // next steps to the current month, which runs to today, so next is disabled; back a month and forth.
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await expect.poll(() => search(page).get('pipelineSchedule'), POLL).toBe('m');
    expect(new Date(search(page).get('startDate')!).getUTCDate()).toBe(1);
    if (previousStart.getUTCMonth() !== new Date().getUTCMonth()) {
      await expect.poll(() => next.isDisabled(), POLL).toBe(false);
      await next.click();
      await expect
        .poll(() => new Date(search(page).get('startDate')!).getUTCMonth(), POLL)
        .toBe(new Date().getUTCMonth());
    }
    await expect.poll(() => next.isDisabled(), POLL).toBe(true);
    await page.getByRole('button', { name: 'Previous period' }).click();
    await expect.poll(() => next.isDisabled(), POLL).toBe(false);
    await view(page, 'events-previous-month');
    await next.click();
    await expect.poll(() => next.isDisabled(), POLL).toBe(true);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect.poll(() => search(page).get('pipelineSchedule'), POLL).toBe('w');

    // Time picker: a range under five minutes cannot be submitted; a preset can.
    await page.getByRole('button', { name: 'Pick date & time range' }).click();
    const picker = page.getByRole('dialog', { name: 'Pick date & time range' });
    const startBox = picker.getByRole('textbox', { name: 'Start' });
    const endValue = await picker.getByRole('textbox', { name: 'End' }).inputValue();
    await startBox.fill(endValue);
    expect(await picker.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await picker.getByText('The start must be before the end').waitFor();
    await picker.getByRole('button', { name: 'Last week' }).click();
    expect(await picker.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(false);
    await view(page, 'events-time-picker');
    await picker.getByRole('button', { name: 'Submit' }).click();
    await picker.waitFor({ state: 'hidden' });
    const span = Date.parse(search(page).get('endDate')!) - Date.parse(search(page).get('startDate')!);
    expect(Math.round(span / 86_400_000)).toBe(7);
    await cards.first().waitFor();

    // A card opens its group as an overlay above the feed: a site error's, the kind with an impact card
    // (the feed also holds provider outages and experience events).
    const siteError = cards.filter({ hasText: /(JS|Network|Asset|Beacon) error/ }).first();
    await siteError.waitFor();
    const title = await siteError.getByRole('heading').innerText();
    await siteError.getByRole('button', { name: /^Open event group/ }).click();
    await page.waitForURL('**/events/groups/**');
    const overlay = page.getByRole('dialog', { name: 'Event group' });
    await overlay.getByRole('heading', { name: title }).waitFor();
    await overlay.getByText('DETAILS').waitFor();
    await overlay.getByTestId('event-logs').waitFor();
    await overlay.getByTestId('event-impact').waitFor();
    await overlay.getByTestId('event-timeline').waitFor();
    await overlay
      .getByTestId('event-timeline-chart')
      .or(overlay.getByText("There's no data to show for the selected period."))
      .first()
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('event-card').count()).toBeGreaterThan(0);
    // Modal rule: no reason selector inside the overlay.
    await expect
      .poll(() => overlay.getByRole('combobox', { name: 'Reason' }).count(), { timeout: 30_000 })
      .toBe(0);
    await view(page, 'events-group-overlay');

    // Share copies the link with the tenant and shows the tooltip for 1200 ms.
    await overlay.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('tooltip', { name: 'Link copied' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/events\/groups\/\d+\?tenant_id=\d+$/);
    await page.getByRole('tooltip', { name: 'Link copied' }).waitFor({ state: 'hidden', timeout: 10_000 });

    // Feedback: thumbs up says thanks for 3 s; pressing it again clears it.
    const thumbsUp = overlay.getByRole('button', { name: 'Yes, this was helpful' });
    await thumbsUp.click();
    await overlay.getByText('Thanks for the feedback!').waitFor();
    await expect.poll(() => thumbsUp.getAttribute('aria-pressed'), POLL).toBe('true');
    await overlay.getByText('Thanks for the feedback!').waitFor({ state: 'hidden', timeout: 15_000 });
    await thumbsUp.click();
    await expect.poll(() => thumbsUp.getAttribute('aria-pressed'), POLL).toBe('false');

    // Rows expand to their payload.
    const logs = overlay.getByTestId('event-logs');
    await logs.getByRole('button', { name: 'Show payload' }).first().click();
    await logs.locator('pre').first().waitFor();
    await view(page, 'events-group-overlay-logs');

    // Closing returns to the feed as it was.
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/events');
    expect(Math.round(span / 86_400_000)).toBe(7);

    // The shared link opens the group as a page, with the reason selector; an unknown id is not found.
    await page.goto(new URL(link).pathname + new URL(link).search);
    const detail = page.getByTestId('event-group-detail');
    await detail.getByText('WHAT CAN YOU DO?').waitFor();
    await detail.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Not relevant' }).click();
    await detail.getByText('Thanks for the feedback!').waitFor();
    await screenshot(page, 'events-group-page');
    await page.getByRole('button', { name: 'Events' }).click();
    await page.waitForURL((url) => url.pathname === '/events');

    await page.goto('/events/groups/987654321');
    await page.getByText('It looks like there is no data for this Group.').waitFor();
    await view(page, 'events-group-not-found');

    // Narrow screens get the desktop banner.
    await page.setViewportSize({ width: 420, height: 900 });
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByText('For the best experience, please switch to a desktop browser.').waitFor();
    await view(page, 'events-group-narrow');

    const recorded = await fetch(`${product.server.url}/v1/events/groups?page_num=1`, {
      headers: { cookie: session.cookie },
    });
    expect(recorded.ok).toBe(true);
    expect(consoleErrors.filter((e) => !/Failed to load resource.*404/.test(e))).toEqual([]);
    await context.close();
  });

  it('shows the empty state in a new workspace', { timeout: 120_000 }, async () => {
    const email = 'noor@quiet-harbour.test';
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, email);
    await markWorkspaceSetUp(product.server, email);
    await page.goto('/events');
    await page.getByText('No errors found impacting your business').waitFor({ timeout: 30_000 });
    await page.getByText("You're all caught up here!").or(page.getByTestId('events-empty')).first().waitFor();
    await expect.poll(() => search(page).get('severity'), POLL).toBe('High');
    await view(page, 'events-empty-workspace');
    await context.close();
  });
});
