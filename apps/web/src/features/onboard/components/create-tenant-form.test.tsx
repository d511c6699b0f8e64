import { fireEvent, screen, waitFor } from '@testing-library/react';
import { WORKSPACE_MESSAGES, type User } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { makeTenant, makeUser, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

// The first render loads the route's lazy chunk, which takes over a second on a busy machine.

const NEW_OWNER: Partial<User> = { show_onboarding: true, user_status: 'new', tenant_status: 'new' };
const TEAM = {
  tenant_uuid: makeUser().tenant_uuid,
  display_name: 'Northwind Goods',
  logo_path: null,
  member_count: 1,
  store_url: 'https://northwind.test',
  joined_via: 'founder' as const,
  email_domain: 'northwind.test',
};

function serve(
  patch: { status?: number; body?: unknown } = {
    body: { success: true, message: WORKSPACE_MESSAGES.created, data: TEAM },
  },
) {
  let user = makeUser(NEW_OWNER);
  return mockFetch({
    'GET /v1/auth/verify': () => ({ body: makeVerify(user, [makeTenant({ display_name: 'Northwind' })]) }),
    [`PATCH /v1/tenants/${TEAM.tenant_uuid}`]: () => {
      if ((patch.status ?? 200) === 200) user = { ...user, tenant_status: 'active' };
      return patch;
    },
    [`GET /v1/tenants/${TEAM.tenant_uuid}`]: { body: TEAM },
  });
}

const nameField = () => screen.findByRole('textbox', { name: /workspace name/i });
const urlField = () => screen.getByRole('textbox', { name: /web store url/i });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('create_tenant form', () => {
  it('starts from the provisioned name and keeps Continue disabled while a field is empty', async () => {
    serve();
    renderRoute('/onboard/create_tenant');
    expect(await nameField()).toHaveProperty('value', 'Northwind');
    expect(screen.getByText('Start with https:// or http://')).toBeTruthy();
    expect(continueButton()).toHaveProperty('disabled', true);
    fireEvent.change(urlField(), { target: { value: 'https://northwind.test' } });
    expect(continueButton()).toHaveProperty('disabled', false);
    fireEvent.change(await nameField(), { target: { value: '   ' } });
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it('refuses a 41st character: the input keeps 40 and says why', async () => {
    serve();
    renderRoute('/onboard/create_tenant');
    const name = await nameField();
    fireEvent.change(name, { target: { value: 'a'.repeat(40) } });
    expect(name).toHaveProperty('value', 'a'.repeat(40));
    fireEvent.change(name, { target: { value: 'a'.repeat(41) } });
    expect(name).toHaveProperty('value', 'a'.repeat(40));
    expect(screen.getByText(WORKSPACE_MESSAGES.nameTooLong)).toBeTruthy();
  });

  it('flags a URL that is not absolute, and names the problem on Continue without calling the server', async () => {
    const api = serve();
    renderRoute('/onboard/create_tenant');
    await nameField();
    fireEvent.change(urlField(), { target: { value: 'northwind.test' } });
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(WORKSPACE_MESSAGES.storeUrlInvalid)).toBeNull();
    fireEvent.click(continueButton());
    expect(await screen.findByText(WORKSPACE_MESSAGES.storeUrlInvalid)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('saves name and URL, says so, and moves its founder on to user_persona, not join_workspace', async () => {
    const api = serve();
    const { router } = renderRoute('/onboard/create_tenant');
    fireEvent.change(await nameField(), { target: { value: ' Northwind Goods ' } });
    fireEvent.change(urlField(), { target: { value: 'https://northwind.test' } });
    fireEvent.click(continueButton());
    expect(await screen.findByText(WORKSPACE_MESSAGES.created)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/user_persona'));
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ display_name: 'Northwind Goods', store_url: 'https://northwind.test' });
    expect(patch?.url.searchParams.get('tenant_id')).toBe('11');
  });

  it('shows and sends the name as it will be stored: look-alikes plain, invisible characters gone', async () => {
    const api = serve();
    renderRoute('/onboard/create_tenant');
    fireEvent.change(await nameField(), {
      target: { value: 'Ｎｏｒｔｈ\u200Bwind\u2066\u001b  Goods\u2069' },
    });
    expect(screen.getByText('Will be saved as “Northwind Goods”')).toBeTruthy();
    fireEvent.change(urlField(), { target: { value: 'https://northwind.test' } });
    fireEvent.click(continueButton());
    expect(await screen.findByText(WORKSPACE_MESSAGES.created)).toBeTruthy();
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ display_name: 'Northwind Goods', store_url: 'https://northwind.test' });
  });

  it('keeps Continue disabled for a name of only invisible characters', async () => {
    serve();
    renderRoute('/onboard/create_tenant');
    fireEvent.change(await nameField(), { target: { value: '\u200B\u202E \u2060' } });
    fireEvent.change(urlField(), { target: { value: 'https://northwind.test' } });
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it("shows the failure snackbar and the server's reason, and stays on the step", async () => {
    serve({ status: 409, body: { success: false, message: WORKSPACE_MESSAGES.nameTaken } });
    const { router } = renderRoute('/onboard/create_tenant');
    await nameField();
    fireEvent.change(urlField(), { target: { value: 'https://northwind.test' } });
    fireEvent.click(continueButton());
    expect(await screen.findByText(WORKSPACE_MESSAGES.createFailed)).toBeTruthy();
    expect(screen.getByText(WORKSPACE_MESSAGES.nameTaken)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboard/create_tenant');
    expect(continueButton()).toHaveProperty('disabled', false);
  });
});
