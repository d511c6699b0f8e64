import { describe, expect, it } from 'vitest';
import {
  apiSession,
  signInContext,
  newContext,
  screenshot,
  settled,
  stillShot,
  useProduct,
} from './support/harness';
import { markWorkspaceSetUp } from './support/workspace';

/** Preferences → API Keys end to end: a key made in the UI reads the API until it is revoked; /docs/api renders. */
describe('API keys and the API reference', () => {
  const product = useProduct();

  it('creates, copies, uses and revokes a key, then shows the API reference', async () => {
    const email = 'ines@harbour-goods.test';
    const context = await newContext(product.browser, product.server.url);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.server.url });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await signInContext(page.context(), product.server, email);
    await markWorkspaceSetUp(product.server, email);

    // The frame: tabs in ?tab=, profile by default.
    await page.goto('/preferences');
    await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.waitForURL('**/preferences?tab=api_keys');
    await page.getByText('No API keys yet').waitFor();
    await screenshot(page, 'api-keys-empty');

    // Create: the name is required; scope is all (no global filter applied).
    await page.getByRole('button', { name: 'Create API key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByRole('button', { name: 'Generate key' }).click();
    await dialog.getByText('Please enter key label.').waitFor();
    await expect.poll(() => dialog.getByTestId('key-scope').innerText()).toBe('All data in this workspace');
    await screenshot(page, 'api-keys-create-required');
    await dialog.getByRole('textbox', { name: /Key label/ }).fill('Reporting script');
    await dialog.getByRole('button', { name: 'Generate key' }).click();

    // The key once: Done stays disabled and Escape does nothing until it was copied.
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.waitFor();
    const key = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(key).toMatch(/^tmk_/);
    expect(await shown.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    // Once the press has been handled and nothing is fading, the dialog is still there.
    await settled(page);
    expect(await shown.isVisible()).toBe(true);
    await screenshot(page, 'api-keys-shown-once');
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('API Key copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshot(page, 'api-keys-copied');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });

    const table = page.getByRole('table', { name: 'API keys' });
    await table.waitFor();
    await expect.poll(() => table.innerText()).toContain('Reporting script');
    await expect.poll(() => table.innerText()).toContain('All data');

    // The key reads the API from outside the browser.
    const read = () =>
      fetch(`${product.server.url}/v1/insights/groups?page_num=1`, {
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await read()).status).toBe(200);
    await page.reload();
    await expect.poll(() => table.innerText()).not.toContain('Never used');
    await screenshot(page, 'api-keys-list');

    // Revoke, after confirming: the key stops working at once.
    await page.getByRole('button', { name: 'Revoke Reporting script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
    await confirm.waitFor();
    await screenshot(page, 'api-keys-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('API key revoked.').waitFor();
    await page.getByText('No API keys yet').waitFor();
    expect((await read()).status).toBe(401);

    // Demo mode reads the shared demo store: keys belong to the user's own workspace only.
    await page
      .getByRole('switch', { name: 'Demo Mode' })
      .or(page.getByRole('checkbox', { name: 'Demo Mode' }))
      .click();
    await page.getByRole('button', { name: 'Exit demo mode' }).waitFor();
    // Settings are not a demo page: opened by URL in demo mode, it goes to /events (spec 1).
    await page.goto('/preferences?tab=api_keys');
    await page.waitForURL((u) => u.pathname === '/events');
    await page.getByRole('button', { name: 'Exit demo mode' }).click();
    await page.getByRole('button', { name: 'Exit demo mode' }).waitFor({ state: 'hidden' });

    // The interactive reference renders from /v1/openapi.json, with the bearer scheme.
    await page.goto('/docs/api');
    await page.getByTestId('api-reference').getByText('Tidemark API').first().waitFor();
    await page.waitForLoadState('networkidle');
    await stillShot(page, 'artifacts/screenshots/docs-api-top.png');
    // The sidebar lists the tags; opening "api keys" shows its operations.
    const reference = page.getByTestId('api-reference');
    await reference.getByText('api keys', { exact: true }).first().click();
    await reference
      .getByText(/Create an API key/)
      .first()
      .waitFor();
    await stillShot(page, 'artifacts/screenshots/docs-api-keys.png');

    // "Try it": a fresh key entered as the bearer token; the server records that the key was used.
    const session = await apiSession(product.server, email);
    const made = (await (
      await fetch(`${product.server.url}/v1/apps/tokens`, {
        method: 'POST',
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Docs try-it', scope: 'all' }),
      })
    ).json()) as { data: { id: string; token: string } };
    const listWithKey = reference.locator('[id*="GET/v1/apps/tokens"], [id*="get/v1/apps/tokens"]').first();
    await listWithKey.scrollIntoViewIfNeeded();
    await listWithKey.getByRole('button', { name: /Test Request/ }).click();
    const client = page.getByRole('dialog').last();
    await client.waitFor();
    // The reference animates in ways no CSS query settles: the picture is taken once it holds still.
    await stillShot(page, 'artifacts/screenshots/docs-api-try-it-open.png');
    const tokenInput = client.getByPlaceholder(/Token/).first();
    await tokenInput.fill(made.data.token);
    // Scalar turns the optional is_demo flag on by default; a key never reads the demo store.
    const demoRow = client.getByRole('row').filter({ hasText: 'is_demo' });
    await demoRow.getByRole('checkbox').first().uncheck();
    await client.getByRole('button', { name: /^Send/ }).first().click();
    await client.getByText(/200/).first().waitFor();
    await stillShot(page, 'artifacts/screenshots/docs-api-try-it.png');
    const listed = (await (
      await fetch(`${product.server.url}/v1/apps/tokens`, { headers: { cookie: session.cookie } })
    ).json()) as { tokens: Array<{ id: string; last_used_at: string | null }> };
    expect(listed.tokens.find((k) => k.id === made.data.id)?.last_used_at).not.toBeNull();
    const doc = (await (await fetch(`${product.server.url}/v1/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);

    // Leaving the reference (in the app, no reload) leaves the other pages' look untouched.
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Manage API keys' }).click();
    await page.waitForURL('**/preferences?tab=api_keys');
    await page
      .getByText('No API keys yet')
      .or(page.getByRole('table', { name: 'API keys' }))
      .waitFor();
    await screenshot(page, 'api-keys-after-docs');
    await context.close();
  });
});
