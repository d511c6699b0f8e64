import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import Provider from 'oidc-provider';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, screenshot, startServer, type RunningServer } from './support/harness';

/**
 * A real OpenID Connect provider on loopback stands in for Google: discovery, authorization code with PKCE,
 * signed ID tokens and nonce checks all run for real; only the provider's login page is its development one.
 */
describe('sign-in with an OpenID Connect provider', () => {
  let idp: Server;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    idp = createServer();
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    server = await startServer({
      GOOGLE_CLIENT_ID: 'tidemark-test',
      GOOGLE_CLIENT_SECRET: 'tidemark-test-secret',
      GOOGLE_ISSUER: issuer,
    });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'tidemark-test',
          client_secret: 'tidemark-test-secret',
          redirect_uris: [`${server.url}/v1/auth/google/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({ sub: id, email: id, email_verified: true, given_name: 'Grace', family_name: 'Ops' }),
      }),
      pkce: { required: () => true },
    });
    idp.on('request', provider.callback());
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((r) => idp?.close(r));
  });

  it('signs a new user up through the provider and lands on onboarding', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/signup');
    await page.getByRole('button', { name: /continue with google/i }).click();
    await page.locator('input[name="login"]').fill('grace@orbit-outfitters.test');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click(); // consent
    await screenshot(page, 'oidc-after-consent');
    await page.waitForURL('**/onboard/create_tenant', { waitUntil: 'commit' });
    await screenshot(page, 'oidc-onboarding');
    await context.close();
  });

  it('refuses a free-mail account from the provider with the work-email banner', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: /continue with google/i }).click();
    await page.locator('input[name="login"]').fill('someone@gmail.com');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/login?error=invalid_domain');
    await page.getByText('Error: Please use your work email').waitFor();
    await context.close();
  });

  it('brings the user back with a message when Microsoft is not configured', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: /continue with microsoft/i }).click();
    await page.waitForURL('**/login?error=microsoft_not_configured');
    await page.getByText(/Sign-in with Microsoft is not configured/).waitFor();
    await context.close();
  });
});
