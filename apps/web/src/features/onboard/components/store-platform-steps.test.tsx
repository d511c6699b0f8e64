import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Connector } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeUser, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { ONBOARD_COPY } from '../messages';

// The first render loads the route's lazy chunk, which takes over a second on a busy machine.

const SHOPIFY: Connector = {
  connector_uuid: '6f1c2a3e-0c1d-4d0e-9a51-0f6d2b8e0c02',
  connector_name: 'shopify',
  connector_display_name: 'Shopify',
  connector_logo_url: '/logos/shopify.svg',
  connector_type: 'app',
  description: 'Orders from your store',
  is_active: true,
  is_configured: true,
};

function serve(options: { configured: boolean; shop?: string | null }) {
  const user = makeUser({ shopify_shop_name: options.shop ?? null });
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify(user) },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/connectors': { body: { data: [{ ...SHOPIFY, is_configured: options.configured }] } },
    'POST /v1/connections': {
      body: {
        success: true,
        datasource_id: 'abc12345',
        redirect: { self: true, path: '/onboarding/connection/sync?id=abc12345', uri: null },
        import: null,
      },
    },
  });
}

describe('store-platform steps (app_installation, start_trial)', () => {
  it('lists the three prerequisites and, without the app keys, says so and lets the user continue', async () => {
    serve({ configured: false });
    const { router } = renderRoute('/onboard/app_installation');
    expect(await screen.findByText(ONBOARD_COPY.appInstallation.notConfigured)).toBeTruthy();
    for (const item of ONBOARD_COPY.appInstallation.prerequisites)
      expect(screen.getByText(item)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Install' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/start_trial'));
  });

  it('starts the install for the store the user signed up from', async () => {
    const api = serve({ configured: true, shop: 'tidal-threads.myshopify.com' });
    const { router } = renderRoute('/onboard/app_installation');
    const shop = await screen.findByRole('textbox', { name: 'Store address' });
    expect(shop).toHaveProperty('value', 'tidal-threads.myshopify.com');
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/connection/sync'));
    expect(api.callsTo('/v1/connections')[0]?.body).toEqual({
      connector_uuid: SHOPIFY.connector_uuid,
      shop: 'tidal-threads.myshopify.com',
    });
  });

  it('keeps Install disabled until the store address is one', async () => {
    serve({ configured: true });
    renderRoute('/onboard/app_installation');
    const shop = await screen.findByRole('textbox', { name: 'Store address' });
    expect(screen.getByRole('button', { name: 'Install' })).toHaveProperty('disabled', true);
    fireEvent.change(shop, { target: { value: 'not a store' } });
    expect(screen.getByRole('button', { name: 'Install' })).toHaveProperty('disabled', true);
    fireEvent.change(shop, { target: { value: 'north-goods' } });
    expect(screen.getByRole('button', { name: 'Install' })).toHaveProperty('disabled', false);
  });

  it("opens the store admin's pricing page from Select Plan, with the trial's promise", async () => {
    serve({ configured: true, shop: 'tidal-threads.myshopify.com' });
    renderRoute('/onboard/start_trial');
    expect(await screen.findByText(ONBOARD_COPY.startTrial.goal)).toBeTruthy();
    expect(screen.getByText(ONBOARD_COPY.startTrial.cancel)).toBeTruthy();
    const select = screen.getByRole('link', { name: 'Select Plan' });
    expect(select.getAttribute('href')).toBe(
      'https://admin.shopify.com/store/tidal-threads/charges/tidemark/pricing_plans',
    );
    expect(select.getAttribute('target')).toBe('_blank');
  });

  it('explains why Select Plan waits when no store is known', async () => {
    serve({ configured: true });
    renderRoute('/onboard/start_trial');
    expect(await screen.findByText(ONBOARD_COPY.startTrial.noStore)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select Plan' })).toHaveProperty('disabled', true);
  });
});
