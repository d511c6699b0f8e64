import { describe, expect, it } from 'vitest';
import { newContext, screenshot, signInByMagicLink, useProduct } from './support/harness';

describe('workspaces and operators', () => {
  const product = useProduct();

  it('sends an operator to the customer picker first, and shows the chosen customer', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInByMagicLink(page, product.server, 'operator@tidemark.example');
    await page.waitForURL('**/customers**');
    await page.getByText('Hello Olivia').waitFor();
    const go = page.getByRole('button', { name: "Let's go" });
    await expect(go.isDisabled()).resolves.toBe(true);
    await screenshot(page, 'customer-picker');

    await page.getByRole('combobox', { name: 'Customer' }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options[0]).toBe('All');
    await page.getByRole('option', { name: 'Demo Store' }).click();
    await go.click();
    await page.waitForURL((url) => !url.pathname.startsWith('/customers'));
    await page.getByText('Demo Store').first().waitFor();
    await screenshot(page, 'operator-customer-home');

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Change Customer' }).click();
    await page.waitForURL('**/customers**');
    await context.close();
  });

  it("refuses a member of one workspace on another workspace's URL", async () => {
    // Two merchants sign up; each gets a workspace of their own.
    const a = await newContext(product.browser, product.server.url);
    const pageA = await a.newPage();
    await signInByMagicLink(pageA, product.server, 'ana@alpha-shop.test');
    await pageA.waitForURL('**/onboard/**');
    const tenantA = await pageA.evaluate(
      async () => (await (await fetch('/v1/auth/verify')).json()).user.tenant_id as number,
    );

    // The demo store's owner (onboarded) opens a URL of Ana's workspace.
    const b = await newContext(product.browser, product.server.url);
    const pageB = await b.newPage();
    await signInByMagicLink(pageB, product.server, 'owner@demo-store.example');
    await pageB.waitForURL((url) => !url.pathname.startsWith('/login'));
    const status = await pageB.evaluate(
      async (id) => (await fetch(`/v1/tenants/info?tenant_id=${id}`)).status,
      tenantA,
    );
    expect(status).toBe(403);

    await pageB.goto(`/events?tenant_id=${tenantA}`);
    await pageB.getByText('Not Allowed').first().waitFor();
    await screenshot(pageB, 'foreign-workspace-refused');
    await a.close();
    await b.close();
  });

  it('keeps a non-operator away from the customer picker', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInByMagicLink(page, product.server, 'owner@demo-store.example');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/customers');
    await page.waitForURL((url) => !url.pathname.startsWith('/customers'));
    await context.close();
  });
});
