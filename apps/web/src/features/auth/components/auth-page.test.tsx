import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LOGIN_ERRORS } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { isDemoMode } from '@/session';
import { mockFetch } from '@/testing/fetch-mock';
import { renderRoute } from '@/testing/render';

describe('AuthPage', () => {
  it.each([
    ['/login', 'Go Live in 15 mins, 3 steps to get started!'],
    ['/signup', 'Go Live in 15 mins, 3 steps to get started!'],
    ['/signup?mode=demo', 'Sign up and Test Drive Just in 5 minutes!'],
    ['/login?mode=demo', 'Sign up and Test Drive Just in 5 minutes!'],
  ])('%s shows "%s"', async (path, heading) => {
    mockFetch({});
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /work email/i })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What our customers say' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /Northwind Goods/ }).length).toBeGreaterThan(0);
  });

  it('/demo becomes /signup with mode=demo, keeping the query, and turns demo mode on for good', async () => {
    mockFetch({});
    const { router } = renderRoute('/demo?plan=growth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('mode')).toBe('demo');
    expect(search.get('plan')).toBe('growth');
    await screen.findByRole('heading', { name: 'Sign up and Test Drive Just in 5 minutes!' });
    await waitFor(() => expect(isDemoMode()).toBe(true));
  });

  it.each(Object.entries(LOGIN_ERRORS))('error=%s shows its banner', async (code, text) => {
    mockFetch({});
    renderRoute(`/login?error=${code}`);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('shows nothing for an unknown error value', async () => {
    mockFetch({});
    renderRoute('/login?error=<b>pwned</b>');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links login and sign-up to each other, keeping the query', async () => {
    mockFetch({});
    renderRoute('/login?plan=growth');
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      '/signup?plan=growth',
    );
  });

  it('sends the magic link with plan, shopify_data, demo flag and the remembered target', async () => {
    const { callsTo } = mockFetch({
      'POST /v1/auth/magic-login': {
        body: { success: true, message: 'Please check your email for the login link' },
      },
    });
    renderRoute('/signup?mode=demo&shopify_data=abc', { state: { from: '/reports?tenant_id=3' } });
    fireEvent.change(await screen.findByRole('textbox', { name: /work email/i }), {
      target: { value: 'maya@northwind.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    await screen.findByText('Please check your email for the login link');
    const [call] = callsTo('/v1/auth/magic-login');
    expect(call?.url.searchParams.get('redirectTo')).toBe('/reports?tenant_id=3');
    expect(call?.body).toEqual({
      destination: 'maya@northwind.test',
      plan: 'shopify',
      is_demo: true,
      shopify_data: 'abc',
    });
  });

  it('uses the docs location as the target when asked to', async () => {
    const { callsTo } = mockFetch({
      'POST /v1/auth/magic-login': { body: { success: true, message: 'ok' } },
    });
    renderRoute('/login?redirect=docs&location=%2Fdocs%2Fapi%23tokens');
    fireEvent.change(await screen.findByRole('textbox', { name: /work email/i }), {
      target: { value: 'maya@northwind.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send magic link' }));
    await screen.findByText('ok');
    expect(callsTo('/v1/auth/magic-login')[0]?.url.searchParams.get('redirectTo')).toBe('/docs/api#tokens');
  });
});
