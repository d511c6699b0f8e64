import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  latestLinkFor,
  newContext,
  screenshot,
  settled,
  signInByMagicLink,
  useProduct,
} from './support/harness';

/** MUI animates state changes (buttons enabling, labels floating): let them finish before the picture. */
async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  await screenshot(page, name);
}

const verifyUser = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/v1/auth/verify')).json()).user as Record<string, unknown>);

describe('workspace onboarding (/onboard)', () => {
  const product = useProduct();

  it('walks a new merchant from sign-up through create_tenant and the persona into the app, never asking them to join their own workspace', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInByMagicLink(page, product.server, 'nora@tidal-threads.test', '/signup');
    await page.waitForURL('**/onboard/create_tenant');

    // create_tenant: the provisioned name is offered; Continue waits for a store URL.
    const name = page.getByRole('textbox', { name: 'Workspace name' });
    const url = page.getByRole('textbox', { name: 'Web store URL' });
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(name.inputValue()).resolves.toBe('Tidal Threads');
    await page.getByText('Start with https:// or http://').waitFor();
    await expect(next.isDisabled()).resolves.toBe(true);
    await shot(page, 'onboard-create-tenant-empty');

    await name.fill('Tidal Threads Co');
    await name.press('End');
    await name.pressSequentially('x'.repeat(30));
    await expect(name.inputValue()).resolves.toHaveLength(40);
    await page.getByText('Workspace name cannot exceed 40 characters').waitFor();
    await shot(page, 'onboard-create-tenant-name-limit');
    await name.fill('Tidal Threads Co');

    await url.fill('tidal-threads.test');
    await expect(url.getAttribute('aria-invalid')).resolves.toBe('true');
    await next.click();
    await page.getByText('Web store url is not valid. Please enter valid URL.').waitFor();
    await shot(page, 'onboard-create-tenant-invalid-url');

    await url.fill('https://tidal-threads.test');
    await next.click();
    await page.getByText('Workspace created successfully').waitFor();
    // Its founder is not asked to join the workspace they just created.
    await page.waitForURL('**/onboard/user_persona');

    // A reload mid-way resumes at the step the user reached; the join step passes a founder straight on.
    await page.goto('/onboard/join_workspace');
    await page.waitForURL('**/onboard/user_persona');
    await page.reload();
    await page.getByRole('heading', { name: 'How are you planning to use the product?' }).waitFor();
    await expect(page.getByText('Join your team').count()).resolves.toBe(0);

    const submit = page.getByRole('button', { name: 'Continue' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByRole('radio', { name: 'Founder' }).check();
    await page.getByRole('combobox', { name: 'Objectives' }).click();
    await page.getByRole('option', { name: 'Core revenue metrics' }).click();
    await page.getByRole('option', { name: 'High severity events' }).click();
    await page.keyboard.press('Escape');
    await expect(submit.isDisabled()).resolves.toBe(false);
    await shot(page, 'onboard-user-persona');

    await submit.click();
    await page.getByText('Details updated successfully').waitFor();
    await page.waitForURL((u) => !u.pathname.startsWith('/onboard'));
    await expect(verifyUser(page)).resolves.toMatchObject({
      show_onboarding: false,
      user_status: 'active',
      tenant_status: 'active',
    });
    await page.getByRole('button', { name: 'Account' }).waitFor();
    await shot(page, 'onboard-done-in-app');

    // Onboarding is over: its pages send the user home.
    await page.goto('/onboard/create_tenant');
    await page.waitForURL((u) => !u.pathname.startsWith('/onboard'));

    // The store-platform steps stay open (store sign-up path, billing). This server has no store app keys.
    await page.goto('/onboard/app_installation');
    await page.getByText(/The store app is not available for this workspace yet/).waitFor();
    await expect(page.getByRole('button', { name: 'Install' }).isDisabled()).resolves.toBe(true);
    await shot(page, 'onboard-app-installation-not-configured');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/onboard/start_trial');
    await page.getByText('Our goal: a 10% conversion increase during your free trial.').waitFor();
    await page.getByText('Cancel in 1 click, whenever you like.').waitFor();
    await shot(page, 'onboard-start-trial');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/onboard'));
    await context.close();
  });

  it('sends a colleague of an existing workspace straight to join_workspace, and takes Other as free text', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInByMagicLink(page, product.server, 'ines@tidal-threads.test');
    await page.waitForURL('**/onboard/join_workspace');
    await page.getByRole('heading', { name: 'Tidal Threads Co' }).waitFor();
    await page.getByText('2 members', { exact: true }).waitFor();
    await shot(page, 'onboard-join-colleague');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.waitForURL('**/onboard/user_persona');

    await page.getByRole('radio', { name: 'Marketer' }).check();
    await page.getByRole('combobox', { name: 'Objectives' }).click();
    await page.getByRole('option', { name: 'Key marketing metrics' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'Other' }).check();
    // Changing the role cleared the objective; Other needs its text.
    const submit = page.getByRole('button', { name: 'Continue' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByRole('textbox', { name: 'How will you use it?' }).fill('Watching wholesale orders');
    await shot(page, 'onboard-user-persona-other');
    await submit.click();
    await page.getByText('Details updated successfully').waitFor();
    await page.waitForURL((u) => !u.pathname.startsWith('/onboard'));
    await context.close();
  });

  it('onboards a visitor who signed up from /demo into their own workspace, not the demo store', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await page.goto('/demo');
    await page.waitForURL('**/signup?mode=demo');
    await page.getByRole('textbox', { name: /email/i }).fill('leo@harbor-kites.test');
    await page.getByRole('button', { name: /send magic link/i }).click();
    await page.getByText('Please check your email for the login link').waitFor();
    await page.goto(await latestLinkFor(product.server, 'leo@harbor-kites.test'));
    await page.waitForURL('**/onboard/create_tenant');
    await page.getByRole('textbox', { name: 'Web store URL' }).fill('http://harbor-kites.test');
    await shot(page, 'onboard-create-tenant-demo-mode');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Workspace created successfully').waitFor();
    await page.waitForURL('**/onboard/user_persona');
    // Their own workspace was set up, not the demo store.
    const workspaces = await page.evaluate(
      async () => (await (await fetch('/v1/auth/verify')).json()).tenants as { display_name: string }[],
    );
    expect(workspaces.map((w) => w.display_name)).toContain('Harbor Kites');
    await context.close();
  });

  it('takes a merchant who signed up from their store through the persona to the app install and the trial', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    const shopifyData = JSON.stringify({ shop: 'fjord-soap.myshopify.com' });
    await signInByMagicLink(
      page,
      product.server,
      'pia@fjord-soap.test',
      `/signup?plan=shopify&shopify_data=${encodeURIComponent(shopifyData)}`,
    );
    await page.waitForURL('**/onboard/create_tenant');
    await page.getByRole('textbox', { name: 'Web store URL' }).fill('https://fjord-soap.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/onboard/user_persona');
    await page.getByRole('radio', { name: 'Marketer' }).check();
    await page.getByRole('combobox', { name: 'Objectives' }).click();
    await page.getByRole('option', { name: 'Medium severity events' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Details updated successfully').waitFor();

    await page.waitForURL('**/onboard/app_installation');
    await page.getByText(/The store app is not available for this workspace yet/).waitFor();
    await expect(verifyUser(page)).resolves.toMatchObject({ show_onboarding: false, user_status: 'active' });
    await page.reload();
    await page.waitForURL('**/onboard/app_installation');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/onboard/start_trial');
    const select = page.getByRole('link', { name: 'Select Plan' });
    await expect(select.getAttribute('href')).resolves.toBe(
      'https://admin.shopify.com/store/fjord-soap/charges/tidemark/pricing_plans',
    );
    await expect(select.getAttribute('target')).resolves.toBe('_blank');
    await shot(page, 'onboard-start-trial-store');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/onboard'));
    await page.getByRole('button', { name: 'Account' }).waitFor();
    await context.close();
  });
});
