import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext, screenshot, signInByMagicLink, useProduct } from './support/harness';
import { markWorkspaceSetUp } from './support/workspace';

const FOUNDER = 'lea@fresh-goods.test';
const INVITED = 'ana.ruiz@gmail.com';

async function openMembers(page: Page) {
  await page.goto('/preferences?tab=members');
  await page.getByRole('table', { name: 'Members of this workspace' }).waitFor();
}

async function signUp(page: Page, server: Parameters<typeof signInByMagicLink>[1], email: string) {
  await signInByMagicLink(page, server, email, '/signup');
  await page.waitForURL('**/onboard/**');
  await markWorkspaceSetUp(server, email);
}

describe('members, invitations and allowed sites', () => {
  // On the shared server: the founder signs up a workspace of their own (the demo store takes no invitations).
  const product = useProduct();

  it(
    'a founder owns a workspace that lets colleagues join, invites a personal address, sees it join read-only, and removes it',
    { timeout: 240_000 },
    async () => {
      const server = product.server;
      const owner = await (await newContext(product.browser, server.url)).newPage();
      await signUp(owner, server, FOUNDER);
      await openMembers(owner);
      const members = owner.getByRole('table', { name: 'Members of this workspace' });
      await members.getByText('Founded the workspace').waitFor();
      await members.getByText('Owner').waitFor();
      const joining = owner.getByRole('switch', { name: 'Let everyone at fresh-goods.test join' });
      expect(await joining.isChecked()).toBe(true);
      await screenshot(owner, 'settings-members-new-workspace');

      // A personal address comes in only by invitation.
      await owner.getByRole('textbox', { name: 'E-mail address' }).fill(INVITED);
      await owner.getByRole('button', { name: 'Invite' }).click();
      await owner.getByRole('list', { name: 'Invitations waiting' }).getByText(INVITED).waitFor();
      await screenshot(owner, 'settings-members-owner');

      // The invited person signs up into the workspace, where Members is read-only for them.
      const invited = await (await newContext(product.browser, server.url)).newPage();
      await signUp(invited, server, INVITED);
      await openMembers(invited);
      await invited
        .getByText('Only owners can change members, invitations and joining. Ask an owner of this workspace.')
        .waitFor();
      const seen = invited.getByRole('table', { name: 'Members of this workspace' });
      await seen.getByText(FOUNDER).waitFor();
      await seen.getByText('Invited').waitFor();
      expect(await invited.getByRole('button', { name: `Remove: ${FOUNDER}` }).count()).toBe(0);
      await screenshot(invited, 'settings-members-member');

      // The owner removes them: they lose the workspace at once.
      await owner.reload();
      await members.getByText(INVITED).waitFor();
      await owner.getByRole('button', { name: `Remove: ${INVITED}` }).click();
      const dialog = owner.getByRole('dialog', { name: 'Remove member?' });
      await dialog.getByText(`${INVITED} loses access to this workspace at once`, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => members.getByText(INVITED).count()).toBe(0);
      const workspacesOf = (page: Page) =>
        page.evaluate(async () => {
          const answer = (await (await fetch('/v1/auth/verify')).json()) as {
            tenants?: Array<{ tenant_uuid: string }>;
          };
          return (answer.tenants ?? []).map((t) => t.tenant_uuid);
        });
      const [workspace] = await workspacesOf(owner);
      expect(workspace).toBeTruthy();
      expect(await workspacesOf(invited)).not.toContain(workspace);
    },
  );

  it('lists the sites that may send events, and adds one', async () => {
    const server = product.server;
    const page = await (await newContext(product.browser, server.url)).newPage();
    await signInByMagicLink(page, server, FOUNDER);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/preferences?tab=events');
    await page.getByRole('tab', { name: 'Allowed sites' }).click();
    // With no store URL and no list, every site is kept, and the page says so.
    await page
      .getByText('No store URL and no domains: events from every site are kept.', { exact: false })
      .waitFor();
    await page.getByRole('textbox', { name: 'Domain' }).fill('shop.fresh-goods.test');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('Domain added.').waitFor();
    await page.getByRole('button', { name: 'Remove shop.fresh-goods.test' }).waitFor();
    await page.getByText('No events from other sites were dropped in the last 7 days.').waitFor();
    await screenshot(page, 'settings-allowed-sites');
  });
});
