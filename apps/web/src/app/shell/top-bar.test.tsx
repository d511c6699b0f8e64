import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CSRF_COOKIE, CSRF_HEADER, DEFAULT_FLAGS, FEATURE_FLAGS, type FeatureFlag } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { isDemoMode, setDemoMode } from '@/session';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { demoLandingAfterSwitchOn } from './top-bar';
import { visibleTabs } from './tabs';

const allOn = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])) as Record<FeatureFlag, boolean>;
const allOff = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as Record<FeatureFlag, boolean>;

function serve(
  options: { flags?: Partial<Record<FeatureFlag, boolean>>; user?: Parameters<typeof makeVerify>[0] } = {},
) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify(options.user) },
    'GET /v1/flags': { body: makeFlags(options.flags) },
    'POST /v1/logout': { body: { success: true } },
  });
}

async function navLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await waitFor(() => expect(within(nav).queryAllByRole('link').length).toBeGreaterThan(0));
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('TopBar', () => {
  describe('visibleTabs', () => {
    it.each([
      {
        name: 'every flag on, demo off',
        flags: allOn,
        demo: false,
        want: ['Home', 'Insights', 'Events', 'Metrics', 'Explorer', 'Reports'],
      },
      { name: 'every flag on, demo on', flags: allOn, demo: true, want: ['Events', 'Reports'] },
      {
        name: 'defaults (digest and explorer off)',
        flags: DEFAULT_FLAGS,
        demo: false,
        want: ['Insights', 'Events', 'Metrics', 'Reports'],
      },
      { name: 'every flag off', flags: allOff, demo: false, want: [] },
      { name: 'every flag off, demo on', flags: allOff, demo: true, want: [] },
      { name: 'only digest', flags: { ...allOff, digest: true }, demo: false, want: ['Home'] },
      { name: 'events off in demo', flags: { ...allOn, events: false }, demo: true, want: ['Reports'] },
    ])('$name → $want', ({ flags, demo, want }) => {
      expect(visibleTabs(flags, demo).map((t) => t.label)).toEqual(want);
    });
  });

  it('shows the tabs whose flags are on', async () => {
    serve({ flags: { digest: true, explorer: true, metrics: false } });
    renderRoute('/events');
    expect(await navLinks()).toEqual(['Home', 'Insights', 'Events', 'Explorer', 'Reports']);
    expect(screen.getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows only Events and Reports, the banner, and no Preferences or Datasources in demo mode', async () => {
    setDemoMode(true);
    const { calls } = serve({ flags: { digest: true, explorer: true } });
    renderRoute('/events');
    expect(await navLinks()).toEqual(['Events', 'Reports']);
    expect(screen.getByRole('region', { name: 'Demo mode' })).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Demo Mode' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/^Global filter/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Account/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Preferences' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Manage Datasources' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
    expect(
      calls
        .filter((c) => c.url.pathname === '/v1/flags')
        .every((c) => c.url.searchParams.get('is_demo') === 'true'),
    ).toBe(true);
  });

  it('turning demo mode on goes to /events and persists', async () => {
    serve();
    const { router } = renderRoute('/metrics');
    fireEvent.click(await screen.findByRole('switch', { name: 'Demo Mode' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(isDemoMode()).toBe(true);
    expect(await screen.findByRole('region', { name: 'Demo mode' })).toBeTruthy();
  });

  it.each([
    ['/metrics', '/events'],
    ['/events', null],
    ['/events/groups/4', null],
    ['/reports', null],
    ['/preferences', '/events'],
  ])('switching demo on from %s lands on %s', (from, want) => {
    expect(demoLandingAfterSwitchOn(from)).toBe(want);
  });

  it('shows the account menu for a member: Preferences, Manage Datasources, Help, Logout, no Change Customer', async () => {
    serve();
    renderRoute('/events');
    fireEvent.click(await screen.findByRole('button', { name: /^Account/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Preferences', 'Manage Datasources', 'Help', 'Logout']);
    // No support chat configured: help is a prefilled mail naming the workspace.
    const help = within(menu).getByRole('menuitem', { name: 'Help' });
    expect(help.getAttribute('href')).toMatch(/^mailto:[^?]+\?subject=Help%20with%20Tidemark/);
  });

  it('offers Change Customer to operators and opens the picker', async () => {
    serve({ user: { is_operator: true } });
    const { router } = renderRoute('/events?tenant_id=12');
    fireEvent.click(await screen.findByRole('button', { name: /^Account/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Change Customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
  });

  it('logs out with a POST carrying the CSRF token, and returns to /login', async () => {
    document.cookie = `${CSRF_COOKIE}=csrf-from-cookie; path=/`;
    const { callsTo } = serve();
    const { router } = renderRoute('/events');
    fireEvent.click(await screen.findByRole('button', { name: /^Account/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(callsTo('/v1/logout')).toHaveLength(1);
    expect(callsTo('/v1/logout')[0]).toMatchObject({
      method: 'POST',
      headers: { [CSRF_HEADER]: 'csrf-from-cookie' },
    });
    document.cookie = `${CSRF_COOKIE}=; max-age=0; path=/`;
  });

  it('shows the North Star link only when the user has it, and always the documentation link', async () => {
    serve({ user: { is_north_star_enabled: true } });
    renderRoute('/events');
    expect((await screen.findByRole('link', { name: 'North Star' })).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Documentation' }).getAttribute('href')).toBe('/docs/api');
    expect(screen.getByLabelText(/^Global filter/)).toBeTruthy();
  });

  it('hides the North Star link otherwise', async () => {
    serve();
    renderRoute('/events');
    await screen.findByRole('link', { name: 'Documentation' });
    expect(screen.queryByRole('link', { name: 'North Star' })).toBeNull();
  });
});
