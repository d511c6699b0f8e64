import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render';
import { MagicLinkForm } from './magic-link-form';

function renderForm() {
  return renderWithRouter(
    <MagicLinkForm redirectTo="/feed" plan="shopify" shopifyData={null} isDemo={false} />,
  );
}

const email = () => screen.getByRole('textbox', { name: /work email/i });
const send = () => screen.getByRole('button', { name: 'Send magic link' });

describe('MagicLinkForm', () => {
  it.each(['not-an-email', 'a@b', 'two words@x.io', ''])(
    'refuses "%s" with the spec message and sends nothing',
    async (value) => {
      const { fetchMock } = mockFetch({});
      renderForm();
      fireEvent.change(email(), { target: { value } });
      fireEvent.click(send());
      expect(await screen.findByText('Please enter valid email.')).toBeTruthy();
      expect(email().getAttribute('aria-invalid')).toBe('true');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('clears the validation message once the address becomes valid', async () => {
    mockFetch({});
    renderForm();
    fireEvent.change(email(), { target: { value: 'maya@' } });
    fireEvent.click(send());
    await screen.findByText('Please enter valid email.');
    fireEvent.change(email(), { target: { value: 'maya@northwind.test' } });
    expect(screen.queryByText('Please enter valid email.')).toBeNull();
    expect(email().getAttribute('aria-invalid')).toBe('false');
  });

  it('sends the address with the CSRF header, shows a spinner while sending, then the server message', async () => {
    document.cookie = 'tm_csrf=token-123; path=/';
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { callsTo } = mockFetch({
      'POST /v1/auth/magic-login': async () => {
        await gate;
        return { body: { success: true, message: 'Please check your email for the login link' } };
      },
    });
    renderForm();
    fireEvent.change(email(), { target: { value: '  maya@northwind.test ' } });
    fireEvent.click(send());

    await waitFor(() => expect((send() as HTMLButtonElement).disabled).toBe(true));
    expect(send().getAttribute('aria-busy')).toBe('true');
    const [call] = callsTo('/v1/auth/magic-login');
    expect(call?.url.searchParams.get('redirectTo')).toBe('/feed');
    expect(call?.headers['x-csrf-token']).toBe('token-123');
    expect(call?.body).toEqual({ destination: 'maya@northwind.test', plan: 'shopify', is_demo: false });

    release();
    expect(await screen.findByText('Please check your email for the login link')).toBeTruthy();
    expect((send() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server message of a refused request', async () => {
    mockFetch({
      'POST /v1/auth/magic-login': {
        status: 400,
        body: { success: false, message: 'Error: Please use your work email' },
      },
    });
    renderForm();
    fireEvent.change(email(), { target: { value: 'maya@gmail.com' } });
    fireEvent.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error: Please use your work email');
  });

  it('shows the generic message when the request gets no answer', async () => {
    const { fetchMock } = mockFetch({});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderForm();
    fireEvent.change(email(), { target: { value: 'maya@northwind.test' } });
    fireEvent.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An error occurred while sending the request');
  });
});
