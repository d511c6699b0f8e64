import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FILTER_MESSAGES, type GlobalFilter } from '@tidemark/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { wireApiClient } from '@/app/wire-api-client';
import { configureApiClient } from '@/lib/api-client';
import { getStoredFilter, selectCustomer, setDemoMode } from '@/session';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const COUNTRY = { id: 4, name: 'country', display_name: 'Country' };
const CHANNEL = { id: 5, name: 'channel', display_name: 'Channel' };

const filter = (over: Partial<GlobalFilter>): GlobalFilter => ({
  id: 1,
  display_name: 'United States',
  dimension_id: COUNTRY.id,
  dimension_name: COUNTRY.name,
  dimension_value: 'US',
  is_default: false,
  tenant_id: 11,
  ...over,
});
const US = filter({});
const GERMANY = filter({ id: 2, display_name: 'Germany', dimension_value: 'DE', is_default: true });
const EMAIL = filter({
  id: 3,
  display_name: 'Email orders',
  dimension_id: CHANNEL.id,
  dimension_name: CHANNEL.name,
  dimension_value: 'Email',
});

function serve(
  options: {
    filters?: GlobalFilter[];
    flags?: Parameters<typeof makeFlags>[0];
    extra?: Record<string, MockHandler>;
  } = {},
) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags(options.flags) },
    'GET /v1/feed/filters': { body: { data: options.filters ?? [GERMANY, US, EMAIL] } },
    'GET /v1/metrics_hub/dimensions': { body: { data: [CHANNEL, COUNTRY] } },
    'GET /v1/metrics_hub/dimensions/4/values': { body: { data: ['US', 'DE', 'GB', 'Other'] } },
    'GET /v1/metrics_hub/dimensions/5/values': { body: { data: ['Email', 'Direct'] } },
    ...options.extra,
  });
}

const search = (router: ReturnType<typeof renderRoute>['router']) =>
  new URLSearchParams(router.state.location.search);
const selector = () => screen.findByRole('button', { name: /^Global filter:/ });

async function openDrawer() {
  fireEvent.click(await selector());
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage global filters' }));
  return screen.findByRole('dialog', { name: 'Global filter' });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

// The drawer loads lazily and its selects open menus: give a busy machine more than the 1 s default.

afterEach(() => configureApiClient({ defaultQuery: () => ({}), onUnauthorized: () => {} }));

describe('global filter', { timeout: 20_000 }, () => {
  it('applies the default filter on load when the URL names none', async () => {
    serve();
    const { router } = renderRoute('/reports');
    await waitFor(() => expect(search(router).get('dim_val')).toBe('DE'));
    expect(search(router).get('dim_name')).toBe('country');
    await waitFor(async () => expect((await selector()).textContent).toContain('Germany'));
    expect(getStoredFilter()).toEqual({ dim_name: 'country', dim_val: 'DE', tenant_id: 11 });
  });

  it("applies the URL's dim_name and dim_val over the default", async () => {
    serve();
    const { router } = renderRoute('/reports?dim_name=channel&dim_val=Email');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Global filter:/ }).textContent).toContain('Email orders'),
    );
    expect(search(router).get('dim_val')).toBe('Email');
    expect(getStoredFilter()?.dim_val).toBe('Email');
  });

  it('shows All data when nothing is applied and there is no default', async () => {
    serve({ filters: [US] });
    const { router } = renderRoute('/reports');
    await waitFor(() => expect(getStoredFilter()).toBeNull());
    expect((await selector()).textContent).toContain('All data');
    expect(search(router).get('dim_name')).toBeNull();
  });

  it('keeps the applied filter when a link without it is followed, and clears it from the selector', async () => {
    serve();
    const { router } = renderRoute('/reports?dim_name=country&dim_val=US');
    await waitFor(() => expect(getStoredFilter()?.dim_val).toBe('US'));
    fireEvent.click(await screen.findByRole('link', { name: 'Events' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    await waitFor(() => expect(search(router).get('dim_val')).toBe('US'));

    fireEvent.click(await selector());
    fireEvent.click(await screen.findByRole('menuitem', { name: /All data/ }));
    await waitFor(() => expect(search(router).get('dim_val')).toBeNull());
    expect(getStoredFilter()).toBeNull();
    expect((await selector()).textContent).toContain('All data');
  });

  it('switches filters from the selector menu', async () => {
    serve();
    const { router } = renderRoute('/reports');
    await waitFor(() => expect(search(router).get('dim_val')).toBe('DE'));
    fireEvent.click(await selector());
    fireEvent.click(await screen.findByRole('menuitem', { name: /Email orders/ }));
    await waitFor(() => expect(search(router).get('dim_val')).toBe('Email'));
    expect(search(router).get('dim_name')).toBe('channel');
  });

  it('creates a filter: value waits for a dimension, Apply for all three; then applies it and closes', async () => {
    const { calls } = serve({
      filters: [US],
      extra: {
        'POST /v1/feed/filters': (req) => ({
          body: { success: true, data: filter({ id: 9, ...(req.body as object), is_default: false }) },
        }),
      },
    });
    const { router } = renderRoute('/reports');
    const drawer = await openDrawer();
    const apply = (await within(drawer).findByRole('button', { name: 'Apply' })) as HTMLButtonElement;
    await waitFor(() => expect(within(drawer).getByRole('combobox', { name: /^Dimension/ })).toBeTruthy());
    expect(
      within(drawer)
        .getByRole('combobox', { name: /^Value/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    expect(apply.disabled).toBe(true);

    await choose('Dimension', 'Country');
    await waitFor(() =>
      expect(
        within(drawer)
          .getByRole('combobox', { name: /^Value/ })
          .getAttribute('aria-disabled'),
      ).toBeNull(),
    );
    await choose('Value', 'GB');
    expect(apply.disabled).toBe(true);
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Filter name/ }), {
      target: { value: ' Britain ' },
    });
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);

    expect(await screen.findByText(FILTER_MESSAGES.created)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      tenant_id: 11,
      dimension_id: 4,
      dimension_name: 'country',
      dimension_value: 'GB',
      display_name: 'Britain',
      is_default: false,
    });
    await waitFor(() => expect(search(router).get('dim_val')).toBe('GB'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Global filter' })).toBeNull());
  });

  it('refuses a name already used and a value already saved before sending', async () => {
    serve({ filters: [US] });
    renderRoute('/reports');
    const drawer = await openDrawer();
    await waitFor(() => expect(within(drawer).getByRole('combobox', { name: /^Dimension/ })).toBeTruthy());
    await choose('Dimension', 'Country');
    await waitFor(() =>
      expect(
        within(drawer)
          .getByRole('combobox', { name: /^Value/ })
          .getAttribute('aria-disabled'),
      ).toBeNull(),
    );
    await choose('Value', 'US');
    expect(within(drawer).getByText("Already saved as 'United States'.")).toBeTruthy();
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Filter name/ }), {
      target: { value: 'united states' },
    });
    expect(within(drawer).getByText('A global filter with this name already exists.')).toBeTruthy();
    expect((within(drawer).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says 'Something went wrong.Please try again' when saving fails", async () => {
    serve({
      filters: [],
      extra: { 'POST /v1/feed/filters': { status: 500, body: { success: false, message: 'boom' } } },
    });
    renderRoute('/reports');
    const drawer = await openDrawer();
    await waitFor(() => expect(within(drawer).getByRole('combobox', { name: /^Dimension/ })).toBeTruthy());
    await choose('Dimension', 'Channel');
    await waitFor(() =>
      expect(
        within(drawer)
          .getByRole('combobox', { name: /^Value/ })
          .getAttribute('aria-disabled'),
      ).toBeNull(),
    );
    await choose('Value', 'Direct');
    fireEvent.change(within(drawer).getByRole('textbox', { name: /Filter name/ }), {
      target: { value: 'Direct' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(FILTER_MESSAGES.failed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Global filter' })).toBeTruthy();
  });

  it('cannot delete the applied or the default filter; deletes another after confirmation', async () => {
    const { calls } = serve({
      extra: { 'DELETE /v1/feed/filters/3': { body: { success: true } } },
    });
    renderRoute('/reports?dim_name=country&dim_val=US');
    const drawer = await openDrawer();
    const del = (name: string) =>
      within(drawer).getByRole('button', { name: `Delete ${name}` }) as HTMLButtonElement;
    await waitFor(() => expect(del('Germany')).toBeTruthy());
    expect(del('Germany').disabled).toBe(true);
    expect(del('United States').disabled).toBe(true);
    expect(del('Email orders').disabled).toBe(false);

    fireEvent.click(del('Email orders'));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this global filter?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(FILTER_MESSAGES.deleted)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete this global filter?' })).toBeNull(),
    );
    // The deleted filter's button is gone: focus stays inside the drawer, so Escape still closes it.
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Global filter' })).toBeNull());
    const sent = calls.find((c) => c.method === 'DELETE')!;
    expect(sent.url.pathname).toBe('/v1/feed/filters/3');
    // The applied filter travels with the call, so the server can refuse it too.
    expect(sent.url.searchParams.get('dim_val')).toBe('US');
  });

  it("says 'Something went wrong.Please try again' when a delete fails", async () => {
    serve({
      extra: { 'DELETE /v1/feed/filters/3': { status: 409, body: { success: false, message: 'no' } } },
    });
    renderRoute('/reports?dim_name=country&dim_val=US');
    const drawer = await openDrawer();
    await waitFor(() =>
      expect(within(drawer).getByRole('button', { name: 'Delete Email orders' })).toBeTruthy(),
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Delete Email orders' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this global filter?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(FILTER_MESSAGES.failed)).toBeTruthy();
  });

  it('lists nothing to create without the create-global-filter feature', async () => {
    serve({ flags: { 'create-global-filter': false }, filters: [] });
    renderRoute('/reports');
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('No saved filters yet')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('shows an error with a retry when the saved filters cannot load', async () => {
    let fail = true;
    serve({
      extra: {
        'GET /v1/feed/filters': () =>
          fail ? { status: 500, body: { success: false, message: 'x' } } : { body: { data: [US] } },
      },
    });
    renderRoute('/reports');
    const drawer = await openDrawer();
    const retry = await within(drawer).findByRole('button', { name: 'Try again' }, { timeout: 4000 });
    fail = false;
    fireEvent.click(retry);
    expect(await within(drawer).findByRole('button', { name: 'Apply United States' })).toBeTruthy();
  });

  it('goes to /login when loading the filters answers 401', async () => {
    serve({
      extra: { 'GET /v1/feed/filters': { status: 401, body: { success: false, message: 'expired' } } },
    });
    const { router, queryClient } = renderRoute('/reports');
    wireApiClient(router, queryClient);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('hides the selector and drops the filter with the feature off', async () => {
    serve({ flags: { 'global-filter': false } });
    const { router } = renderRoute('/reports?dim_name=country&dim_val=US');
    await waitFor(() => expect(search(router).get('dim_name')).toBeNull());
    expect(screen.queryByRole('button', { name: /^Global filter:/ })).toBeNull();
    expect(getStoredFilter()).toBeNull();
  });

  it("drops the previous customer's filter when an operator switches customer", async () => {
    selectCustomer(11);
    mockFetch({
      'GET /v1/auth/verify': { body: makeVerify({ is_operator: true }) },
      'GET /v1/flags': { body: makeFlags() },
      'GET /v1/feed/filters': (req) => ({
        body: { data: req.url.searchParams.get('tenant_id') === '11' ? [US] : [] },
      }),
    });
    const { router } = renderRoute('/reports?dim_name=country&dim_val=US');
    await waitFor(() =>
      expect(getStoredFilter()).toEqual({ dim_name: 'country', dim_val: 'US', tenant_id: 11 }),
    );
    act(() => selectCustomer(12));
    await waitFor(() => expect(search(router).get('dim_name')).toBeNull());
    expect(getStoredFilter()).toBeNull();
  });

  it('hides the selector in demo mode', async () => {
    setDemoMode(true);
    const { calls } = serve();
    renderRoute('/reports');
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/v1/flags')).toBe(true));
    expect(screen.queryByRole('button', { name: /^Global filter:/ })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/v1/feed/filters')).toBe(false);
  });
});
