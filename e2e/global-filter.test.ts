import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInContext, newContext, screenshot, settled, useProduct } from './support/harness';
import { markWorkspaceSetUp } from './support/workspace';

const DEMO_OWNER = 'owner@demo-store.example';

/** The demo store's values of a dimension (analysed before the run: they are there at once). */
async function waitForDimensionValues(page: Page, display: string): Promise<string[]> {
  // With the page's cookies: the page itself may not have opened the app yet.
  const values = async () => {
    const dims = (await (await page.request.get('/v1/metrics_hub/dimensions')).json()) as {
      data?: Array<{ id: number; display_name: string }>;
    };
    const dim = dims.data?.find((d) => d.display_name === display);
    if (!dim) return [];
    return (
      (await (await page.request.get(`/v1/metrics_hub/dimensions/${dim.id}/values`)).json()) as {
        data: string[];
      }
    ).data;
  };
  await expect.poll(async () => (await values()).length, { timeout: 60_000 }).toBeGreaterThan(0);
  return values();
}

/** Drawers, menus and dialogs slide and fade in; a screenshot waits for them to come to rest. */
const settle = settled;

const search = (page: Page) => new URL(page.url()).searchParams;

async function pick(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function createFilter(
  page: Page,
  input: { dimension: string; value: string; name: string; isDefault?: boolean },
) {
  const drawer = page.getByRole('dialog', { name: 'Global filter' });
  await pick(page, /^Dimension/, input.dimension);
  await pick(page, /^Value/, input.value);
  await drawer.getByRole('textbox', { name: /Filter name/ }).fill(input.name);
  if (input.isDefault) await drawer.getByRole('checkbox', { name: /when the app opens/ }).check();
  await drawer.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.getByText('Global filter created').waitFor();
  await drawer.waitFor({ state: 'hidden' });
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: /^Global filter:/ }).click();
  await page.getByRole('menuitem', { name: 'Manage global filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Global filter' });
  await drawer.waitFor();
  return drawer;
}

describe('the global filter', () => {
  const product = useProduct(
    {},
    { own: 'it sets a default global filter on the demo store, which every page load applies' },
  );

  it('creates, applies, keeps, deletes and restores filters on the demo workspace', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, DEMO_OWNER);
    const countries = await waitForDimensionValues(page, 'Country');
    const channels = await waitForDimensionValues(page, 'Channel');
    const [country, otherCountry] = [countries[0]!, countries[1]!];
    const channel = channels[0]!;

    await page.goto('/metrics');
    const selector = page.getByRole('button', { name: /^Global filter:/ });
    await expect.poll(() => selector.innerText()).toContain('All data');
    await screenshot(page, 'global-filter-none');

    // The drawer of a workspace that saved none: the form and the empty list.
    const drawer = await openDrawer(page);
    await drawer.getByText('No saved filters yet').waitFor();
    await expect(
      drawer.getByRole('combobox', { name: /^Value/ }).getAttribute('aria-disabled'),
    ).resolves.toBe('true');
    await expect(drawer.getByRole('button', { name: 'Apply', exact: true }).isDisabled()).resolves.toBe(true);
    await settle(page);
    await screenshot(page, 'global-filter-drawer-empty');

    // Dimension → value → name → Apply: applied at once, into the URL, and the drawer closes.
    await createFilter(page, { dimension: 'Country', value: country, name: `Only ${country}` });
    expect(search(page).get('dim_name')).toBe('country');
    expect(search(page).get('dim_val')).toBe(country);
    await expect.poll(() => selector.innerText()).toContain(`Only ${country}`);
    await settle(page);
    await screenshot(page, 'global-filter-applied');

    // A second one, made the default; it is applied too.
    await openDrawer(page);
    await createFilter(page, {
      dimension: 'Channel',
      value: channel,
      name: `${channel} traffic`,
      isDefault: true,
    });
    expect(search(page).get('dim_val')).toBe(channel);

    // The list: the applied and the default one cannot be deleted; the other can, after confirmation.
    const list = await openDrawer(page);
    const del = (name: string) => list.getByRole('button', { name: `Delete ${name}` });
    await del(`${channel} traffic`).waitFor();
    await expect(del(`${channel} traffic`).isDisabled()).resolves.toBe(true);
    await expect(del(`Only ${country}`).isDisabled()).resolves.toBe(false);
    await settle(page);
    await screenshot(page, 'global-filter-drawer-list');
    await del(`Only ${country}`).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this global filter?' });
    await confirm.waitFor();
    await settle(page);
    await screenshot(page, 'global-filter-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Global filter deleted successfully').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await list.getByRole('button', { name: `Delete Only ${country}` }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    // Moving to another page keeps the filter; a fresh load without one applies the default.
    await page.getByRole('link', { name: 'Events' }).click();
    await page.waitForURL('**/events?**');
    expect(search(page).get('dim_val')).toBe(channel);
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/metrics');
    await expect.poll(() => search(page).get('dim_val')).toBe(channel);
    await expect.poll(() => selector.innerText()).toContain(`${channel} traffic`);

    // The URL's dim_name and dim_val win on load, even for a value nobody saved.
    await page.goto(`/metrics?dim_name=country&dim_val=${encodeURIComponent(otherCountry)}`);
    await expect.poll(() => selector.innerText()).toContain(`Country: ${otherCountry}`);
    // Once the page has loaded what it asks for, the URL still holds the value.
    await page.waitForLoadState('networkidle');
    expect(search(page).get('dim_val')).toBe(otherCountry);
    await settle(page);
    await screenshot(page, 'global-filter-from-url');

    // Choosing All data from the selector clears it.
    await selector.click();
    await page.getByRole('menu').waitFor();
    await settle(page);
    await screenshot(page, 'global-filter-menu');
    await page.getByRole('menuitem', { name: /All data/ }).click();
    await expect.poll(() => search(page).get('dim_name')).toBeNull();

    // A 401 while loading the filter's choices goes to /login.
    await openDrawer(page);
    await context.clearCookies();
    await page.getByRole('combobox', { name: /^Dimension/ }).click();
    await page.getByRole('option', { name: 'Device', exact: true }).click();
    await page.waitForURL('**/login**');
    await context.close();
  });

  it("shows a new workspace's drawer without dimensions, and hides the selector in demo mode", async () => {
    const email = 'lena@fernway-home.test';
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, email);
    await markWorkspaceSetUp(product.server, email);
    await page.goto('/metrics');
    const drawer = await openDrawer(page);
    await drawer.getByText(/No dimensions yet/).waitFor();
    await drawer.getByText('No saved filters yet').waitFor();
    await settle(page);
    await screenshot(page, 'global-filter-drawer-new-workspace');
    await page.keyboard.press('Escape');

    await page.getByRole('switch', { name: 'Demo Mode' }).check();
    await page.waitForURL('**/events**');
    await page.getByRole('switch', { name: 'Demo Mode' }).waitFor();
    await expect(page.getByRole('button', { name: /^Global filter:/ }).count()).resolves.toBe(0);
    await context.close();
  });
});
