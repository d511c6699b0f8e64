import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionProvider, getSelectedCustomer } from '@/session';
import { STORE_KEYS } from '@/session/local-store';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { CustomerPicker } from './customer-picker';

function serve(user: Parameters<typeof makeVerify>[0] = { is_operator: true }) {
  mockFetch({
    'GET /v1/auth/verify': { body: makeVerify(user) },
    'GET /v1/flags': { body: makeFlags() },
  });
}

const letsGo = () => screen.getByRole('button', { name: "Let's go" }) as HTMLButtonElement;

describe('CustomerPicker', () => {
  it('greets the operator by first name and asks which customer feed to check', async () => {
    serve();
    renderRoute('/customers');
    expect(await screen.findByRole('heading', { name: 'Hello Maya' })).toBeTruthy();
    expect(screen.getByText('Which customer feed would you like to check?')).toBeTruthy();
  });

  it('greets a nameless operator as Teammate', async () => {
    serve({ is_operator: true, given_name: null });
    renderRoute('/customers');
    expect(await screen.findByRole('heading', { name: 'Hello Teammate' })).toBeTruthy();
  });

  it("keeps Let's go disabled until a customer is chosen, lists All first", async () => {
    serve();
    renderRoute('/customers');
    const select = await screen.findByRole('combobox', { name: 'Customer' });
    expect(letsGo().disabled).toBe(true);
    fireEvent.mouseDown(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All', 'Northwind Goods', 'Alder & Pine']);
    fireEvent.click(options[2]!);
    await waitFor(() => expect(letsGo().disabled).toBe(false));
  });

  it('stores the choice, clears the stored global filter and returns to where the operator came from', async () => {
    serve();
    window.localStorage.setItem(STORE_KEYS.globalFilter, '{"id":3}');
    const { router } = renderRoute('/metrics/9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Customer' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Alder & Pine' }));
    fireEvent.click(letsGo());
    await waitFor(() => expect(router.state.location.pathname).toBe('/metrics/9'));
    expect(getSelectedCustomer()).toBe(12);
    expect(window.localStorage.getItem(STORE_KEYS.globalFilter)).toBeNull();
  });

  it('goes to / (and on through the index redirect) when the operator came from nowhere', async () => {
    serve();
    const { router } = renderRoute('/customers');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Customer' }));
    fireEvent.click(await screen.findByRole('option', { name: 'All' }));
    fireEvent.click(letsGo());
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(getSelectedCustomer()).toBe(1);
  });

  it("keeps Let's go disabled while switching", async () => {
    mockFetch({});
    renderRoute('/customers', {
      routes: [
        {
          path: '/customers',
          element: (
            <SessionProvider value={makeVerify({ is_operator: true })}>
              <CustomerPicker />
            </SessionProvider>
          ),
        },
        // The next page never finishes loading, so the switch stays in progress.
        { path: '/', lazy: () => new Promise(() => {}) },
      ],
    });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Customer' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Northwind Goods' }));
    await waitFor(() => expect(letsGo().disabled).toBe(false));
    fireEvent.click(letsGo());
    await waitFor(() => expect(letsGo().disabled).toBe(true));
    expect(letsGo().getAttribute('aria-busy')).toBe('true');
    expect(getSelectedCustomer()).toBe(11);
  });
});
