import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_MESSAGES, type MemberRole, type MembersResponse } from '@tidemark/contract';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const OWNER_UUID = '0b6c5a3e-1111-4aaa-8bbb-000000000001';
const MEMBER_UUID = '0b6c5a3e-2222-4aaa-8bbb-000000000002';

const members = (yourRole: MemberRole | null, joinByDomain = true): MembersResponse => ({
  your_role: yourRole,
  joining: { domain: 'northwind.test', join_by_domain: joinByDomain, can_join_by_domain: true },
  members: [
    {
      user_uuid: OWNER_UUID,
      email: 'maya@northwind.test',
      given_name: 'Maya',
      family_name: 'Lind',
      role: 'owner',
      joined_via: 'founder',
      created_at: '2026-11-01T10:00:00Z',
      is_you: yourRole === 'owner',
    },
    {
      user_uuid: MEMBER_UUID,
      email: 'sam@northwind.test',
      given_name: null,
      family_name: null,
      role: 'member',
      joined_via: 'domain',
      created_at: '2026-11-02T10:00:00Z',
      is_you: yourRole === 'member',
    },
  ],
});

function serve(yourRole: MemberRole | null, extra: Record<string, MockHandler> = {}) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': { status: 500, body: { success: false, message: 'later' } },
    'GET /v1/members': { body: members(yourRole) },
    'GET /v1/members/invitations': { body: { invitations: [] } },
    'GET /v1/members/operator_log': {
      body: {
        entries: [
          {
            id: '1',
            at: '2026-11-20T10:00:00Z',
            operator_email: 'ops@tidemark.test',
            method: 'POST',
            route: '/v1/connectors/:datasource_id/sync',
          },
        ],
      },
    },
    ...extra,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the members tab', () => {
  it('shows an owner the roles, how each person joined, the joining switch and the operator log', async () => {
    serve('owner');
    renderRoute('/preferences?tab=members');
    const table = await screen.findByRole('table', { name: 'Members of this workspace' });
    expect(within(table).getByText('Maya Lind (you)')).toBeTruthy();
    expect(within(table).getByText('Joined with an @northwind.test address')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Make owner: sam@northwind.test' })).toBeTruthy();
    expect(
      (screen.getByRole('switch', { name: 'Let everyone at northwind.test join' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    const log = await screen.findByRole('table', { name: 'Operator actions' });
    expect(within(log).getByText('Ran a data source sync again')).toBeTruthy();
    expect(within(log).getByText('ops@tidemark.test')).toBeTruthy();
  });

  it('shows a member the list read-only, without the operator log', async () => {
    const { calls } = serve('member');
    renderRoute('/preferences?tab=members');
    await screen.findByRole('table', { name: 'Members of this workspace' });
    expect(screen.getByText(/Only owners can change members/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Make owner/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(
      (screen.getByRole('switch', { name: 'Let everyone at northwind.test join' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    expect(screen.queryByRole('region', { name: 'Operator log' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/v1/members/operator_log')).toBe(false);
  });

  it("removes a member after confirming, and shows the server's refusal when there is one", async () => {
    let refuse = true;
    serve('owner', {
      [`DELETE /v1/members/${MEMBER_UUID}`]: () =>
        refuse
          ? { status: 409, body: { success: false, message: ROLE_MESSAGES.lastOwner } }
          : { body: { success: true, message: 'sam@northwind.test was removed from the workspace.' } },
    });
    renderRoute('/preferences?tab=members');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove: sam@northwind.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(ROLE_MESSAGES.lastOwner)).toBeTruthy();
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('sam@northwind.test was removed from the workspace.')).toBeTruthy();
  });

  it('invites an address, refusing one that is not an e-mail address first', async () => {
    const { callsTo } = serve('owner', {
      'POST /v1/members/invitations': {
        body: { success: true, message: 'Invitation saved: lee@northwind.test joins this workspace.' },
      },
    });
    renderRoute('/preferences?tab=members');
    const field = await screen.findByRole('textbox', { name: 'E-mail address' });
    fireEvent.change(field, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Please enter valid email.')).toBeTruthy();
    expect(callsTo('/v1/members/invitations').filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'lee@northwind.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(/Invitation saved/)).toBeTruthy();
    await waitFor(() =>
      expect(callsTo('/v1/members/invitations').find((c) => c.method === 'POST')?.body).toEqual({
        email: 'lee@northwind.test',
      }),
    );
  });
});
