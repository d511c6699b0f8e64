import { describe, expect, it } from 'vitest';
import {
  latestLinkFor,
  newContext,
  oneSignInAt,
  screenshot,
  signInByMagicLink,
  useProduct,
} from './support/harness';

describe('signing up and finding your way', () => {
  const product = useProduct();

  it('signs a new merchant up by the e-mailed magic link and lands on workspace onboarding', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Go Live in 15 mins, 3 steps to get started!' }).waitFor();
    await screenshot(page, 'signup');

    const email = page.getByRole('textbox', { name: /email/i });
    await email.fill('not-an-address');
    await page.getByRole('button', { name: /send magic link/i }).click();
    await page.getByText('Please enter valid email.').waitFor();

    await email.fill('maya@lumen-candles.test');
    await page.getByRole('button', { name: /send magic link/i }).click();
    await page.getByText('Please check your email for the login link').waitFor();
    await screenshot(page, 'signup-link-sent');

    await page.goto(await latestLinkFor(product.server, 'maya@lumen-candles.test'));
    await page.waitForURL('**/onboard/create_tenant');
    await screenshot(page, 'onboard-create-tenant');
    await context.close();
  });

  it('refuses a free-mail sign-up with the work-email banner', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await page.goto('/login?error=invalid_domain');
    await page.getByText('Error: Please use your work email').waitFor();
    await page.getByRole('textbox', { name: /email/i }).fill('someone@gmail.com');
    await page.getByRole('button', { name: /send magic link/i }).click();
    await page.getByText('Error: Please use your work email').first().waitFor();
    await screenshot(page, 'login-invalid-domain');
    await context.close();
  });

  it('sends a reused link back to /login with a clear message', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInByMagicLink(page, product.server, 'reuse@north-goods.test');
    await page.waitForURL('**/onboard/**');
    const link = await latestLinkFor(product.server, 'reuse@north-goods.test');
    const other = await newContext(product.browser, product.server.url);
    const second = await other.newPage();
    await second.goto(link);
    await second.waitForURL('**/login?error=link_expired');
    await second.getByText(/expired or was already used/).waitFor();
    await context.close();
    await other.close();
  });

  it('remembers the page a signed-out visitor asked for and returns there after sign-in', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await page.goto('/reports');
    await page.waitForURL('**/login**');
    await signInByMagicLink(page, product.server, 'owner@demo-store.example', page.url());
    await page.waitForURL('**/reports');
    await context.close();
  });

  it('shows the page-not-found screen for an unknown path, with Go Back and Start Over', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await signInByMagicLink(page, product.server, 'owner@demo-store.example');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/no/such/page');
    await page
      .getByText("Sorry, we couldn't find the page you are looking for, maybe it doesn't exist.")
      .waitFor();
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('button', { name: 'Start Over' }).click();
    await page.waitForURL((url) => url.pathname !== '/no/such/page');
    await context.close();
  });

  it('turns demo mode on from /demo, keeps it across reloads, and turns it off with the switch', async () => {
    const context = await newContext(product.browser, product.server.url);
    const page = await context.newPage();
    await page.goto('/demo');
    await page.waitForURL('**/signup?mode=demo');
    await page.getByRole('heading', { name: 'Sign up and Test Drive Just in 5 minutes!' }).waitFor();
    await screenshot(page, 'signup-demo');
    await oneSignInAt(product.server, 'owner@demo-store.example', async (before) => {
      await page.getByRole('textbox', { name: /email/i }).fill('owner@demo-store.example');
      await page.getByRole('button', { name: /send magic link/i }).click();
      await page.getByText('Please check your email for the login link').waitFor();
      await page.goto(await latestLinkFor(product.server, 'owner@demo-store.example', before));
    });
    await page.waitForURL('**/events**');
    const demoSwitch = page
      .getByRole('switch', { name: 'Demo Mode' })
      .or(page.getByRole('checkbox', { name: 'Demo Mode' }));
    await expect(demoSwitch.isChecked()).resolves.toBe(true);
    await screenshot(page, 'events-demo-mode');

    await page.reload();
    await expect(demoSwitch.isChecked()).resolves.toBe(true);
    await demoSwitch.click();
    await expect(demoSwitch.isChecked()).resolves.toBe(false);
    await page.reload();
    await expect(demoSwitch.isChecked()).resolves.toBe(false);
    await screenshot(page, 'events-demo-off');
    await context.close();
  });
});
