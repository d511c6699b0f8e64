import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeTenantInfo, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const info = (needsData: boolean) => makeTenantInfo({ last_data_ts: null, needs_data: needsData });

function serve(needsData: boolean, flags = makeFlags()) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify({ is_design_partner: true }) },
    'GET /v1/flags': { body: flags },
    'GET /v1/tenants/info': { body: info(needsData) },
  });
}

async function prompt() {
  const card = await screen.findByRole('region', { name: 'Connect your data' });
  const link = within(card).getByRole('link', { name: 'Connect your data' });
  expect(link.getAttribute('href')).toBe('/onboarding/select-datasources');
  return card;
}

describe('an empty workspace', () => {
  it.each([
    { page: 'the feed', path: '/feed', title: 'Insights', flags: makeFlags() },
    { page: 'metrics', path: '/metrics', title: 'Metrics', flags: makeFlags() },
    { page: 'home', path: '/', title: 'Home', flags: makeFlags({ events: false, digest: true }) },
  ])('offers connecting data as the one next step on $page, instead of "nothing moved"', async (c) => {
    const api = serve(true, c.flags);
    const { router } = renderRoute(c.path);
    await prompt();
    expect(router.state.location.pathname).toBe(c.path);
    expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeTruthy();
    expect(screen.queryByText(/Nothing moved/)).toBeNull();
    expect(api.callsTo('/v1/tenants/info').length).toBeGreaterThan(0);
  });

  it('keeps the events feed (provider outages) below the prompt', async () => {
    serve(true);
    renderRoute('/events');
    const card = await prompt();
    expect(card.textContent).toContain('Outages at your providers show below.');
    expect(screen.getByRole('heading', { level: 1, name: 'Events' })).toBeTruthy();
  });

  it('shows no prompt once the workspace has a metric', async () => {
    const api = serve(false);
    renderRoute('/metrics');
    await waitFor(() => expect(api.callsTo('/v1/tenants/info').length).toBeGreaterThan(0));
    await screen.findByRole('heading', { level: 1, name: 'Metrics' });
    expect(screen.queryByRole('region', { name: 'Connect your data' })).toBeNull();
  });
});
