import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiSession,
  signInContext,
  newContext,
  screenshot,
  settled,
  signInByMagicLink,
  useProduct,
} from './support/harness';
import { markWorkspaceSetUp } from './support/workspace';

const DEMO_OWNER = 'owner@demo-store.example';

/** The demo store loads in the background: the id of its Revenue metric once it exists. */
async function revenueMetricId(url: string, cookie: string): Promise<number> {
  let id: number | undefined;
  const read = async () => {
    const res = await fetch(`${url}/v1/metrics_hub/metrics?count=50`, { headers: { cookie } });
    if (res.ok) {
      const body = (await res.json()) as { rows: Array<{ kpi_id: number; kpi_display_name: string }> };
      const revenue = body.rows.find((r) => r.kpi_display_name === 'Revenue');
      id = revenue?.kpi_id;
    }
    return id;
  };
  await expect
    .poll(read, { timeout: 60_000, interval: 1000, message: 'the demo store never got its Revenue metric' })
    .toBeDefined();
  return id!;
}

const dollarImpact = (page: Page) => page.locator('dt:has-text("Dollar impact") + dd').innerText();

/** Picks an option of one of the store's autocompletes by typing part of it. */
async function choose(page: Page, label: string, typed: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).click();
}

describe('stores and billing settings', () => {
  const product = useProduct({}, { own: "it changes the demo store's currency, time zone and forecast" });

  it("changes a store's currency, time zone, forecast and providers, and every figure follows after a reload", async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInByMagicLink(page, product.server, DEMO_OWNER);
    const session = await apiSession(product.server, DEMO_OWNER);
    const metricId = await revenueMetricId(product.server.url, session.cookie);

    // Before: the demo store counts in US dollars.
    await page.goto(`/metrics/${metricId}`);
    await page.getByRole('heading', { name: 'Revenue', level: 1 }).waitFor();
    // The seed sets Revenue's dollar impact just after the metric appears: reload until it is there.
    await expect
      .poll(
        async () => {
          const text = await dollarImpact(page);
          if (!text.startsWith('$')) await page.reload();
          return text;
        },
        { timeout: 60_000 },
      )
      .toMatch(/^\$/);
    const before = await dollarImpact(page);

    // The stores tab lists the store; opening it puts it in the URL and titles the page with its name.
    await page.goto('/preferences?tab=stores');
    const list = page.getByRole('list', { name: 'Stores' });
    await list.waitFor();
    await screenshot(page, 'stores-list');
    await list.getByRole('button', { name: /Open store settings: Demo Store/ }).click();
    await expect.poll(() => page.url()).toMatch(/store=[0-9a-f-]{36}/);
    await page.getByRole('heading', { name: 'Demo Store', level: 2 }).waitFor();
    await page.getByTestId('store-example').waitFor();
    await screenshot(page, 'stores-settings-before');

    await choose(page, 'Currency', 'EUR', 'EUR · Euro (€)');
    await page.getByText('Your Currency Preferences are updated successfully').waitFor();
    await choose(page, 'Time zone', 'Kolkata', '(GMT+05:30) Kolkata');
    await page.getByText('Your Timezone Preferences are updated successfully').waitFor();
    await page
      .getByRole('switch', { name: 'Forecast' })
      .or(page.getByRole('checkbox', { name: 'Forecast' }))
      .click();
    await page.getByText('Your Forecast Preferences are updated successfully').waitFor();

    // The drawer of providers: the demo store watches five (Stripe, Shopify, Cloudflare, Klaviyo, Klarna);
    // turn PayPal and Fastly on.
    await page.getByRole('button', { name: 'Manage event providers' }).click();
    const drawer = page.getByRole('region', { name: 'Event providers' });
    await drawer.waitFor();
    await drawer
      .getByRole('checkbox', { name: 'Watch PayPal' })
      .or(drawer.getByRole('switch', { name: 'Watch PayPal' }))
      .click();
    await page.getByText('Your Event Providers Preferences are updated successfully').waitFor();
    await drawer.getByRole('textbox', { name: 'Search providers' }).fill('cdn');
    await drawer
      .getByRole('checkbox', { name: 'Watch Fastly' })
      .or(drawer.getByRole('switch', { name: 'Watch Fastly' }))
      .click();
    await expect
      .poll(() =>
        drawer
          .getByRole('checkbox', { name: 'Watch Fastly' })
          .or(drawer.getByRole('switch', { name: 'Watch Fastly' }))
          .isChecked(),
      )
      .toBe(true);
    await drawer.getByRole('textbox', { name: 'Search providers' }).fill('');
    await settled(page);
    await screenshot(page, 'stores-providers-drawer');
    const drawerBox = await drawer.boundingBox();
    expect(Math.round(drawerBox!.width)).toBe(550);
    await page.keyboard.press('Escape');

    // After a reload everything is kept.
    await page.reload();
    await page.getByRole('heading', { name: 'Demo Store', level: 2 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('EUR · Euro (€)');
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('(GMT+05:30) Kolkata');
    await expect
      .poll(() => page.getByText('7 of').first().innerText(), { timeout: 30_000 })
      .toMatch(/7 of \d+ providers watched/);
    await expect
      .poll(() => page.getByTestId('store-example').innerText())
      .toMatch(/€1\.2k; it is now .* GMT\+5:30 there/);
    await screenshot(page, 'stores-settings-after');

    // Back clears the selection.
    await page.getByRole('button', { name: 'Back' }).click();
    await list.waitFor();
    expect(page.url()).not.toContain('store=');

    // The metric page shows money in euros, and tenants/info says so.
    await page.goto(`/metrics/${metricId}`);
    await page.getByRole('heading', { name: 'Revenue', level: 1 }).waitFor();
    await expect.poll(() => dollarImpact(page)).toMatch(/^€/);
    expect((await dollarImpact(page)).slice(1)).toBe(before.slice(1));
    await screenshot(page, 'stores-metric-in-euros');
    const info = (await (
      await fetch(`${product.server.url}/v1/tenants/info`, { headers: { cookie: session.cookie } })
    ).json()) as {
      currency: string;
      currency_symbol: string;
      timezone: string;
      is_forecast_enabled: boolean;
    };
    expect(info).toMatchObject({ currency: 'EUR', currency_symbol: '€', timezone: 'Asia/Kolkata' });
    await context.close();
  }, 300_000);

  it('manages the plan without Stripe, and offers the add-ons step', async () => {
    const email = 'rosa@lantern-supply.test';
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInContext(page.context(), product.server, email);
    await markWorkspaceSetUp(product.server, email);

    await page.goto('/preferences?tab=billing');
    await page.getByText('Payments are not set up for this workspace; contact support.').waitFor();
    await expect.poll(() => page.getByTestId('current-plan').innerText()).toBe('Free trial');
    await expect
      .poll(() => page.getByRole('button', { name: 'Cancel plan' }).count(), { timeout: 30_000 })
      .toBe(0);
    await screenshot(page, 'billing-trial');

    await page
      .getByRole('region', { name: 'Current plan' })
      .getByRole('button', { name: 'Upgrade to Growth' })
      .click();
    // Nothing changes until the plan and its price are confirmed.
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Growth?' });
    await upgrade.getByText(/^Growth costs \$\d+ \/ month\./).waitFor();
    await screenshot(page, 'billing-upgrade-confirm');
    await upgrade.getByRole('button', { name: 'Upgrade' }).click();
    await page.getByText('You are now on the Growth plan.').waitFor();
    await expect.poll(() => page.getByTestId('current-plan').innerText()).toBe('Growth');
    await page.getByRole('button', { name: 'Add SMS alert pack' }).click();
    await page
      .getByRole('dialog', { name: 'Add SMS alert pack?' })
      .getByRole('button', { name: 'Add it' })
      .click();
    await page.getByText('SMS alert pack has been added to your workspace.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByTestId('current-plan').innerText()).toBe('Growth');
    await page.getByText('Add-on: SMS alert pack').waitFor();
    await screenshot(page, 'billing-growth');

    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Growth?' });
    await confirm.waitFor();
    await screenshot(page, 'billing-cancel-confirm');
    await confirm.getByRole('button', { name: 'Cancel it' }).click();
    await page.getByText('Your Growth plan has been cancelled.').waitFor();
    await expect.poll(() => page.getByTestId('current-plan').innerText()).toBe('Free trial');

    // The top plan cannot be upgraded.
    await page.getByRole('button', { name: 'Upgrade to Scale' }).last().click();
    await page
      .getByRole('dialog', { name: 'Upgrade to Scale?' })
      .getByRole('button', { name: 'Upgrade' })
      .click();
    await page.getByText('You are now on the Scale plan.').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Current plan' })
          .getByRole('button', { name: 'Upgrade', exact: true })
          .isDisabled(),
      )
      .toBe(true);

    // The stores tab of a new workspace, and the add-ons step with its two purchase buttons.
    await page.goto('/preferences?tab=stores');
    await page.getByRole('list', { name: 'Stores' }).waitFor();
    await screenshot(page, 'stores-list-new-workspace');
    // Its own add-on was kept when the plan changed; cancel it so both purchase buttons show.
    await page.goto('/preferences?tab=billing');
    await page.getByRole('button', { name: 'Cancel add-on' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel SMS alert pack?' })
      .getByRole('button', { name: 'Cancel it' })
      .click();
    await page.getByText('Your SMS alert pack add-on has been cancelled.').waitFor();
    await page.goto('/onboard/stripe_add_on');
    await page.getByRole('heading', { name: 'Add-ons for your plan' }).waitFor();
    const buttons = page.getByRole('button', { name: /^Buy / });
    await expect.poll(() => buttons.count()).toBe(2);
    const user = (await (
      await fetch(`${product.server.url}/v1/auth/verify`, {
        headers: { cookie: (await apiSession(product.server, email)).cookie },
      })
    ).json()) as { user: { tenant_id: number } };
    for (const button of await buttons.all()) {
      await expect
        .poll(() => button.getAttribute('data-tenant-id'), { timeout: 30_000 })
        .toBe(String(user.user.tenant_id));
      await expect.poll(() => button.getAttribute('data-email')).toBe(email);
    }
    await screenshot(page, 'onboard-stripe-add-on');
    await page.getByRole('button', { name: 'Buy Extra store' }).click();
    await page.getByText('Extra store has been added to your workspace.').waitFor();
    await page.getByText('Added to your workspace', { exact: true }).waitFor();

    // Demo mode: settings belong to the user's own workspace, so /preferences sends a demo visitor to /events.
    await page.goto('/preferences?tab=stores&mode=demo');
    await page.waitForURL('**/events**');
    await context.close();
  }, 180_000);
});
