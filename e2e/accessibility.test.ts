import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSession, signInContext, newContext, repoRoot, useProduct } from './support/harness';
import { DEMO_OWNER, waitForDemoInsights } from './support/demo';

const shots = path.join(repoRoot, 'artifacts', 'screenshots');

/** Serious and critical axe-core violations (WCAG 2.x A and AA), one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: no pointer over a control, and no transition half-way (a button turning
  // from its loading shade to its own colour reads as low contrast for 250 ms).
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/** What keyboard focus lands on: the element's accessible name as a screen reader would announce it. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelledBy = el.getAttribute('aria-labelledby');
    const byId = labelledBy
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    return (el.getAttribute('aria-label') ?? byId ?? el.innerText ?? '').trim();
  });
}

/** Presses Tab until focus reaches every wanted name (or `limit` presses); returns the names reached in order. */
async function tabThrough(page: Page, wanted: RegExp[], limit: number): Promise<string[]> {
  const reached: string[] = [];
  for (let i = 0; i < limit && !wanted.every((w) => reached.some((r) => w.test(r))); i++) {
    await page.keyboard.press('Tab');
    reached.push(await focusedName(page));
  }
  return reached;
}

/** Accessibility of the main screens on the demo store: axe-core, and the keyboard's way through them. */
describe('accessibility', () => {
  const product = useProduct();
  let signedIn: Page | undefined;

  /** One signed-in page on the demo store, shared by the tests of this file. */
  async function demoPage(): Promise<Page> {
    if (signedIn) return signedIn;
    const session = await apiSession(product.server, DEMO_OWNER);
    await waitForDemoInsights(product.server, session.cookie);
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, DEMO_OWNER);
    signedIn = page;
    return page;
  }

  it(
    'has no serious or critical axe-core violations on the feed, a group and the metrics',
    { timeout: 180_000 },
    async () => {
      const page = await demoPage();

      // The feed, collapsed and with a card expanded (charts, carousel, actions).
      await page.goto('/feed');
      const cards = page.getByTestId('group-card');
      await cards.first().waitFor();
      await page.getByTestId('insights-histogram').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const card = cards.first();
      await card.getByRole('heading').click();
      await card.getByTestId('timeline-chart').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, 'a11y-feed.png') });

      // A group page.
      const groupId = await card.getAttribute('data-group-id');
      await page.goto(`/groups/${groupId}`);
      await page.getByTestId('group-page').waitFor();
      await page.getByTestId('timeline-chart').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, 'a11y-group.png') });

      // The metrics table and the card view.
      await page.goto('/metrics');
      await page.getByRole('table').locator('tbody a').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(shots, 'a11y-metrics.png') });
    },
  );

  it('honours a request for reduced motion and moves for everyone else', async () => {
    /** The sign-in page as someone with this motion setting sees it: a button's transition, the carousel's state. */
    async function signInPage(motion: 'reduce' | 'no-preference') {
      const context = await newContext(product.browser, product.server.url, { motion });
      try {
        const page = await context.newPage();
        await page.goto('/login');
        const control = page.getByRole('button', { name: /^(Play|Pause) testimonials$/ });
        await control.waitFor();
        const transition = await control.evaluate((el) => getComputedStyle(el).transitionDuration);
        return { transition, carousel: await control.getAttribute('aria-label') };
      } finally {
        await context.close();
      }
    }
    const still = await signInPage('reduce');
    expect(still.carousel).toBe('Play testimonials');
    expect(parseFloat(still.transition)).toBeLessThan(0.001);
    const moving = await signInPage('no-preference');
    expect(moving.carousel).toBe('Pause testimonials');
    expect(parseFloat(moving.transition)).toBeGreaterThan(0.1);
  });

  it('reaches the main controls by keyboard', { timeout: 180_000 }, async () => {
    const page = await demoPage();
    // The feed: the time filter, then a card's Analyse, share, copy link and feedback.
    await page.goto('/feed');
    await page.getByTestId('group-card').first().waitFor();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    const feedOrder = await tabThrough(
      page,
      [/^Time: /, /^Analyse$/, /^Share$/, /^Copy link$/, /^Helpful$/, /^Not helpful$/],
      80,
    );
    const at = (re: RegExp) => feedOrder.findIndex((n) => re.test(n));
    expect(at(/^Time: /), feedOrder.join(' → ')).toBeGreaterThanOrEqual(0);
    expect(at(/^Analyse$/), feedOrder.join(' → ')).toBeGreaterThan(at(/^Time: /));
    for (const control of [/^Share$/, /^Copy link$/, /^Helpful$/, /^Not helpful$/]) {
      expect(at(control), feedOrder.join(' → ')).toBeGreaterThanOrEqual(0);
    }

    // Enter on the focused Analyse opens the group page.
    await page.goto('/feed');
    await page.getByTestId('group-card').first().waitFor();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await tabThrough(page, [/^Analyse$/], 80);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/groups\/\d+/);

    // The metrics table's sort headers are reached and sort with Enter.
    await page.goto('/metrics');
    const table = page.getByRole('table');
    await table.locator('tbody a').first().waitFor();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    const sortHeaders = await table.locator('thead [role=button], thead button').allInnerTexts();
    expect(sortHeaders.length).toBeGreaterThan(0);
    const target = sortHeaders[0]!.trim();
    const metricsOrder = await tabThrough(page, [new RegExp(`^${target}`)], 80);
    expect(
      metricsOrder.some((n) => n.startsWith(target)),
      metricsOrder.join(' → '),
    ).toBe(true);
    // Enter on the focused sort header sorts (the name may also start a filter button's, so focus the header).
    await table.locator('thead .MuiTableSortLabel-root').first().focus();
    const before = page.url();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).not.toBe(before);
    await page.screenshot({ path: path.join(shots, 'a11y-metrics-sorted.png') });
  });
});
