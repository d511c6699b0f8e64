import { fireEvent, screen, waitFor } from '@testing-library/react';
import { WORKSPACE_MESSAGES } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeUser, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

// The first render loads the route's lazy chunk, which takes over a second on a busy machine.

const USER = makeUser({ show_onboarding: true, user_status: 'new', tenant_status: 'active' });
const TEAM = {
  tenant_uuid: USER.tenant_uuid,
  display_name: 'northwind Goods',
  logo_path: null,
  member_count: 1234,
  store_url: 'https://northwind.test',
  joined_via: 'domain' as const,
  email_domain: 'northwind.test',
};

function serve(team: MockHandler, join: MockHandler = { body: { success: true, message: 'ok' } }) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify(USER) },
    [`GET /v1/tenants/${USER.tenant_uuid}`]: team,
    [`POST /v1/tenants/${USER.tenant_uuid}/join`]: join,
  });
}

describe('join_workspace card', () => {
  it("shows the team's name, initial and member count, and joins with the user's own address", async () => {
    const api = serve({ body: TEAM });
    const { router } = renderRoute('/onboard/join_workspace');
    expect(await screen.findByRole('heading', { name: 'northwind Goods' })).toBeTruthy();
    expect(screen.getByText('N')).toBeTruthy();
    expect(screen.getByText('1,234 members')).toBeTruthy();
    expect(
      screen.getByText("You'll join northwind Goods because it lets everyone at northwind.test join."),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(WORKSPACE_MESSAGES.joined)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/user_persona'));
    expect(api.callsTo(`/v1/tenants/${USER.tenant_uuid}/join`)[0]?.body).toEqual({ user_email: USER.email });
  });

  it('never asks the founder to join their own workspace: it moves straight on to user_persona', async () => {
    const api = serve({ body: { ...TEAM, member_count: 1, joined_via: 'founder' } });
    const { router } = renderRoute('/onboard/join_workspace');
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/user_persona'));
    expect(screen.queryByText('Join your team')).toBeNull();
    expect(screen.queryByText('1 member')).toBeNull();
    expect(api.callsTo(`/v1/tenants/${USER.tenant_uuid}/join`)).toHaveLength(0);
  });

  it('shows the logo when the team has one', async () => {
    serve({ body: { ...TEAM, member_count: 1, logo_path: '/logo.png' } });
    renderRoute('/onboard/join_workspace');
    expect(await screen.findByRole('img', { name: 'northwind Goods logo' })).toBeTruthy();
    expect(screen.getByText('1 member')).toBeTruthy();
  });

  it('says when joining failed and stays on the step', async () => {
    serve({ body: TEAM }, { status: 500, body: { success: false, message: 'boom' } });
    const { router } = renderRoute('/onboard/join_workspace');
    await screen.findByRole('heading', { name: 'northwind Goods' });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText(WORKSPACE_MESSAGES.joinFailed)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboard/join_workspace');
  });

  it('offers a retry when the team cannot be loaded, with Join disabled', async () => {
    let fail = true;
    serve(() => (fail ? { status: 500, body: { success: false, message: 'down' } } : { body: TEAM }));
    renderRoute('/onboard/join_workspace');
    expect(await screen.findByText("We couldn't load your team.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join' })).toHaveProperty('disabled', true);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'northwind Goods' })).toBeTruthy();
  });
});
