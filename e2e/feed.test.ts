import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiSession,
  signInContext,
  newContext,
  repoRoot,
  screenshot,
  stillShot,
  useProduct,
} from './support/harness';
import { DEMO_OWNER, waitForDemoInsights } from './support/demo';
import { markWorkspaceSetUp } from './support/workspace';

const shots = path.join(repoRoot, 'artifacts', 'screenshots');

/** What the user sees in the window: a whole feed page is too tall to read as one picture. */
async function view(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** The stored (uncompressed) entries of a zip, read from its central directory. */
function zipEntries(zip: Buffer): Array<{ name: string; text: string }> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Array<{ name: string; text: string }> = [];
  for (let i = 0; i < count; i++) {
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, text: zip.subarray(dataAt, dataAt + size).toString('utf8') });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The insights feed on the demo store: scroll, expand, carousel, overlays, root cause, feedback, link. */
describe('the insights feed', () => {
  const product = useProduct();

  it('scrolls the feed and works a group card from top to bottom', { timeout: 240_000 }, async () => {
    const session = await apiSession(product.server, DEMO_OWNER);
    const groupCount = await waitForDemoInsights(product.server, session.cookie);

    const context = await newContext(product.browser, product.server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.server.url });
    const page = await context.newPage();
    await signInContext(page.context(), product.server, DEMO_OWNER);
    // A healthy month holds fewer groups than a page: the year's feed has pages to scroll through.
    await page.goto('/feed?window=12m');

    // The banner and the first page of cards, grouped by day.
    const banner = page.getByRole('region', { name: 'Summary' });
    await banner.getByText('Time series analysed').waitFor();
    await page.getByTestId('insights-histogram').waitFor();
    const cards = page.getByTestId('group-card');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBe(Math.min(10, groupCount));
    await expect.poll(() => banner.getByText(/ago|Just now/).count()).toBeGreaterThan(0);
    await view(page, 'feed-top');

    // Scrolling to the bottom loads the next page (the demo's year holds a page or two of groups).
    if (groupCount > 10) {
      await expect
        .poll(async () => {
          await page.mouse.wheel(0, 2000);
          return cards.count();
        })
        .toBeGreaterThan(10);
      await view(page, 'feed-scrolled');
    }
    await page.evaluate(() => window.scrollTo(0, 0));

    // A group led by one dimension value has a root cause: expand it by its header.
    const card = cards.filter({ hasText: /mostly .* related changes/ }).first();
    const groupId = await card.getAttribute('data-group-id');
    await card.getByRole('heading').click();
    await card.getByTestId('timeline-chart').waitFor();
    await expect.poll(() => card.locator('[data-testid=timeline-chart] svg path').count()).toBeGreaterThan(3);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(shots, 'feed-card-expanded.png') });

    // The carousel moves only by its arrows or tabs.
    const previous = card.getByRole('button', { name: 'Back to previous view' });
    expect(await previous.isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'View next card' }).click();
    await card.getByTestId('rootcause-chart').waitFor();
    await card.getByText('Top contributors').waitFor();
    await card.screenshot({ path: path.join(shots, 'feed-card-rootcause.png') });

    // The top contributor drills one level deeper; the title steps back; a value with no deeper level says so.
    const contributors = card.getByRole('group', { name: 'Contributors' }).getByRole('button');
    const stepBack = card.getByRole('button', { name: 'Back to the level above' });
    // Values without a deeper level say so; the first with one drills into it.
    let top = '';
    for (let i = 0; i < (await contributors.count()) && !(await stepBack.isVisible()); i++) {
      top = (await contributors.nth(i).innerText()).split(' · ')[0]!;
      await contributors.nth(i).click();
      await expect
        .poll(
          async () =>
            (await stepBack.isVisible()) ||
            (await page.getByText(`Drill down chart is not available for ${top}`).isVisible()),
        )
        .toBe(true);
    }
    await expect.poll(() => stepBack.innerText()).toContain(top);
    await stillShot(card, path.join(shots, 'feed-card-rootcause-level1.png'));
    const deeper = (await contributors.first().innerText()).split(' · ')[0]!;
    await contributors.first().click();
    await page.getByText(`Drill down chart is not available for ${deeper}`).waitFor();
    await stepBack.click();
    await card.getByText('Top contributors').waitFor();
    await card.getByRole('button', { name: 'Lift' }).click();
    // The bars move to their new order: the picture is taken once they stop.
    await stillShot(page, path.join(shots, 'feed-rootcause-drill.png'));

    // Overlays: the schedule's default first, then another period.
    await card.getByRole('button', { name: 'View next card' }).click();
    await card.getByTestId('overlay-chart').waitFor();
    await card.getByText(/Trailing 1 Day & 2 Days|Trailing 1 Week & 2 Weeks/).waitFor();
    await card.getByRole('button', { name: 'MoM' }).click();
    await card.getByText('Trailing 1 Month & 2 Months').waitFor();
    await card.getByTestId('overlay-chart').waitFor();
    expect(await card.getByRole('button', { name: 'View next card' }).isDisabled()).toBe(true);
    await stillShot(card, path.join(shots, 'feed-card-overlays.png'));

    // Feedback is stored for the group.
    await card.getByRole('button', { name: 'Helpful', exact: true }).click();
    await page.getByText('Thanks for the feedback').waitFor();
    const feedback = await fetch(`${product.server.url}/v1/insights/groups/${groupId}/feedback`, {
      headers: { cookie: session.cookie },
    });
    expect(((await feedback.json()) as { feedback_ishelpful: boolean }).feedback_ishelpful).toBe(true);

    // Download: one CSV per metric of the group, zipped in the browser.
    const metricCount = await card.getByRole('group', { name: 'Metrics' }).getByRole('button').count();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`tidemark-group-${groupId}.zip`);
    const zipPath = (await download.path())!;
    const zip = readFileSync(zipPath);
    // Where Info-ZIP is installed it checks every entry's CRC too.
    if (existsSync('/usr/bin/unzip'))
      expect(execFileSync('/usr/bin/unzip', ['-t', zipPath]).toString()).toContain('No errors detected');
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const entries = zipEntries(zip);
    expect(entries).toHaveLength(metricCount);
    expect(entries[0]!.text.split('\r\n')[0]).toBe(
      'timestamp,metric,value,expected,expected_lower,expected_upper,is_spike',
    );
    expect(entries.some((e) => e.text.includes(',yes\r\n'))).toBe(true);

    // Copy link: the tooltip confirms, the clipboard holds the group's link.
    await card.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('tooltip', { name: 'Link copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`/groups/${groupId}?tenant_id=`);
    await view(page, 'feed-link-copied');

    // Collapsing by the header keeps the card; a link to the feed with ?group opens it expanded.
    await card.getByRole('heading').click();
    await expect.poll(() => card.getByTestId('timeline-chart').isVisible()).toBe(false);
    await page.goto(`/feed?group=${groupId}`);
    await page.locator(`[data-group-id="${groupId}"] [data-testid=timeline-chart]`).waitFor();
    await context.close();
  });

  it(
    'shows the empty state in a workspace with no insights, and the demo store in demo mode',
    { timeout: 180_000 },
    async () => {
      const email = 'lena@fernway-home.test';
      const demo = await apiSession(product.server, DEMO_OWNER);
      await waitForDemoInsights(product.server, demo.cookie);
      const context = await newContext(product.browser, product.server.url);
      const page = await context.newPage();
      await signInContext(page.context(), product.server, email);
      await markWorkspaceSetUp(product.server, email);
      await page.goto('/feed');
      // A workspace without metrics is given one next step, not an empty feed.
      await page.getByText('Connect your data').first().waitFor();
      expect(await page.getByText('No insights in this window').count()).toBe(0);
      await screenshot(page, 'feed-empty');

      // Demo mode reads the shared demo store: the feed shows its cards.
      await page
        .getByRole('switch', { name: 'Demo Mode' })
        .or(page.getByRole('checkbox', { name: 'Demo Mode' }))
        .click();
      await page.getByText('Exit demo mode').waitFor();
      await page.goto('/feed');
      await page.getByTestId('group-card').first().waitFor();
      await page.getByTestId('insights-histogram').waitFor();
      await view(page, 'feed-demo-mode');
      await context.close();
    },
  );
});
