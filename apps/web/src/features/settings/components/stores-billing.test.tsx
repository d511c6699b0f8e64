import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingDetails, Plan, StorePreferences } from '@tidemark/contract';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const ORG = '1e6f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

const store = (overrides: Partial<StorePreferences['preferences']> = {}): StorePreferences => ({
  org_uuid: ORG,
  display_name: 'Northwind Goods',
  preferences: {
    currency: 'USD',
    currency_symbol: '$',
    timezone: 'Etc/UTC',
    is_forecast_enabled: false,
    events: {
      providers: [
        {
          id: 'p1',
          display_name: 'Stripe',
          logo_url: '/providers/stripe.svg',
          is_active: false,
          categories: ['payments'],
          status_page_url: 'https://status.stripe.com',
        },
        {
          id: 'p2',
          display_name: 'Cloudflare',
          logo_url: '/providers/cloudflare.svg',
          is_active: true,
          categories: ['cdn'],
          status_page_url: 'https://www.cloudflarestatus.com',
        },
      ],
    },
    ...overrides,
  },
});

const plan = (p: Partial<Plan> & Pick<Plan, 'plan_id' | 'name' | 'price'>): Plan => ({
  kind: 'plan',
  billing_cycle: 'month',
  description: `${p.name} plan`,
  actions: { cancel_plan: true, upgrade_plan: true },
  is_top_plan: false,
  ...p,
});
const TRIAL = plan({
  plan_id: 'trial',
  name: 'Free trial',
  price: 0,
  billing_cycle: 'trial',
  actions: { cancel_plan: false, upgrade_plan: true },
});
const GROWTH = plan({ plan_id: 'growth', name: 'Growth', price: 49 });
const SCALE = plan({
  plan_id: 'scale',
  name: 'Scale',
  price: 149,
  is_top_plan: true,
  actions: { cancel_plan: true, upgrade_plan: false },
});

const billing = (current: Plan, stripe = false): BillingDetails => ({
  current_plan: current,
  add_on_plan: null,
  plans: [TRIAL, GROWTH, SCALE],
  add_ons: [],
  stripe_configured: stripe,
  has_billing_portal: false,
  trial_ends_at: null,
});

function serve(extra: Record<string, MockHandler> = {}) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': { status: 500, body: { success: false, message: 'later' } },
    [`GET /v1/orgs/${ORG}/preferences`]: { body: store() },
    ...extra,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the stores tab', () => {
  it('lists the store, opens it by ?store= with its name as the title, and Back clears the selection', async () => {
    serve();
    const { router } = renderRoute('/preferences?tab=stores');
    fireEvent.click(await screen.findByRole('button', { name: /Open store settings: Northwind Goods/ }));
    await waitFor(() => expect(router.state.location.search).toContain(`store=${ORG}`));
    expect(await screen.findByRole('heading', { name: 'Northwind Goods', level: 2 })).toBeTruthy();
    expect(((await screen.findByRole('combobox', { name: 'Currency' })) as HTMLInputElement).value).toBe(
      'USD · US Dollar ($)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('store='));
  });

  it('turns a provider on only once the server confirms, and says so; a failure leaves it off', async () => {
    let fail = true;
    const { callsTo } = serve({
      [`PUT /v1/orgs/${ORG}/preferences`]: () =>
        fail ? { status: 500, body: { success: false, message: 'boom' } } : { body: store() },
    });
    renderRoute(`/preferences?tab=stores&store=${ORG}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage event providers' }));
    const drawer = await screen.findByRole('region', { name: 'Event providers' });
    const stripe = within(drawer).getByRole('switch', { name: 'Watch Stripe' });
    fireEvent.click(stripe);
    expect(
      await screen.findByText('An Error occurred while updating the Event Providers preferences'),
    ).toBeTruthy();
    expect((stripe as HTMLInputElement).checked).toBe(false);
    const body = callsTo(`/v1/orgs/${ORG}/preferences`).find((c) => c.method === 'PUT')!.body as {
      preferences: { currency: string; events: { providers: unknown[] } };
    };
    // The full preferences go with each change (spec 1 §7).
    expect(body.preferences.currency).toBe('USD');
    expect(body.preferences.events.providers).toEqual([
      { id: 'p1', is_active: true },
      { id: 'p2', is_active: true },
    ]);
    fail = false;
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Watch Stripe' }));
    expect(await screen.findByText('Your Event Providers Preferences are updated successfully')).toBeTruthy();
  });
});

describe('the billing tab', () => {
  it("shows cancel and upgrade by the plan flags, and the server's notice when payments are off", async () => {
    serve({
      'GET /v1/billing/details': {
        body: {
          success: true,
          data: {
            ...billing(TRIAL),
            payments_notice: 'Payments are not set up for this workspace; contact support.',
          },
        },
      },
    });
    renderRoute('/preferences?tab=billing');
    expect(
      await screen.findByText('Payments are not set up for this workspace; contact support.'),
    ).toBeTruthy();
    expect(screen.queryByText(/STRIPE_SECRET_KEY/)).toBeNull();
    const current = screen.getByRole('region', { name: 'Current plan' });
    expect(within(current).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
    expect(within(current).getByRole('button', { name: 'Upgrade to Growth' })).toBeTruthy();
  });

  it('asks before an upgrade, naming the plan and its price, and changes nothing until confirmed', async () => {
    const api = serve({
      'GET /v1/billing/details': { body: { success: true, data: billing(TRIAL) } },
      'POST /v1/billing/checkout': {
        body: { success: true, message: 'You are now on the Growth plan.', url: null },
      },
    });
    renderRoute('/preferences?tab=billing');
    const current = await screen.findByRole('region', { name: 'Current plan' });
    fireEvent.click(within(current).getByRole('button', { name: 'Upgrade to Growth' }));
    let dialog = await screen.findByRole('dialog', { name: 'Upgrade to Growth?' });
    expect(within(dialog).getByText('Growth costs $49 / month. It starts at once.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/v1/billing/checkout')).toHaveLength(0);

    fireEvent.click(within(current).getByRole('button', { name: 'Upgrade to Growth' }));
    dialog = await screen.findByRole('dialog', { name: 'Upgrade to Growth?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('You are now on the Growth plan.')).toBeTruthy();
    expect(api.callsTo('/v1/billing/checkout')[0]?.body).toMatchObject({ plan: 'growth' });
  });

  it('keeps upgrade disabled on the top plan and shows the cancel answer as it comes', async () => {
    serve({
      'GET /v1/billing/details': { body: { success: true, data: billing(SCALE, true) } },
      'POST /v1/billing/cancel': { body: { success: true, message: 'Your Scale plan has been cancelled.' } },
    });
    renderRoute('/preferences?tab=billing');
    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(screen.queryByText(/Payments are not set up/)).toBeNull();
    expect((within(current).getByRole('button', { name: 'Upgrade' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(current).getByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Scale?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect(await screen.findByText('Your Scale plan has been cancelled.')).toBeTruthy();
  });
});
