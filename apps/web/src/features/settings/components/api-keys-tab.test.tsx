import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '@tidemark/contract';
import { mockFetch, type MockHandler } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const KEY = 'tmk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: '7',
  name: 'Nightly export',
  scope: 'all',
  created_by: 'ana@shop.test',
  created_at: '2026-11-20T10:00:00Z',
  last_used_at: null,
  prefix: 'tmk_abcd',
  ...overrides,
});

function serve(extra: Record<string, MockHandler> = {}, tokens: ApiToken[] = []) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': { status: 500, body: { success: false, message: 'later' } },
    'GET /v1/apps/tokens': { body: { tokens } },
    'POST /v1/apps/tokens': (req) => {
      const body = req.body as { name: string; scope: string };
      return { body: { data: { ...token({ id: '8', name: body.name, scope: body.scope }), token: KEY } } };
    },
    ...extra,
  });
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

async function openCreate() {
  fireEvent.click((await screen.findAllByRole('button', { name: 'Create API key' }))[0]!);
  return screen.findByRole('dialog', { name: 'Create API key' });
}

async function generate(name = 'CI reader') {
  const dialog = await openCreate();
  fireEvent.change(within(dialog).getByRole('textbox', { name: /Key label/ }), { target: { value: name } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Generate key' }));
  return screen.findByRole('dialog', { name: 'Your new API key' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API key dialog', () => {
  it('requires a name, with the spec message, and sends nothing without one', async () => {
    const { callsTo } = serve();
    renderRoute('/preferences?tab=api_keys');
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Key label/ }), {
      target: { value: '   ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate key' }));
    expect(await within(dialog).findByText('Please enter key label.')).toBeTruthy();
    expect(callsTo('/v1/apps/tokens').filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('takes the scope from the applied global filter and shows it', async () => {
    const { callsTo } = serve();
    renderRoute('/preferences?tab=api_keys&dim_name=country&dim_val=DE');
    const dialog = await openCreate();
    expect(within(dialog).getByTestId('key-scope').textContent).toBe('Only country: DE');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Key label/ }), {
      target: { value: 'DE only' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate key' }));
    await screen.findByRole('dialog', { name: 'Your new API key' });
    const post = callsTo('/v1/apps/tokens').find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'DE only', scope: 'country:DE', tenant_id: 11 });
  });

  it('uses scope all without a filter', async () => {
    const { callsTo } = serve();
    renderRoute('/preferences?tab=api_keys');
    const dialog = await openCreate();
    expect(within(dialog).getByTestId('key-scope').textContent).toBe('All data in this workspace');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Key label/ }), {
      target: { value: 'All' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate key' }));
    await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(callsTo('/v1/apps/tokens').find((c) => c.method === 'POST')?.body).toMatchObject({ scope: 'all' });
  });

  it('shows the key once and closes only after it was copied', async () => {
    serve();
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    renderRoute('/preferences?tab=api_keys');
    const shown = await generate();
    expect((within(shown).getByRole('textbox', { name: 'API key' }) as HTMLInputElement).value).toBe(KEY);

    const done = within(shown).getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    // Neither Escape nor the backdrop closes it before the copy.
    fireEvent.keyDown(shown, { key: 'Escape' });
    const backdrop = document.querySelector('.MuiBackdrop-root');
    if (backdrop) fireEvent.click(backdrop);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole('dialog', { name: 'Your new API key' })).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText('API Key copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(KEY);
    await waitFor(() => expect(done.disabled).toBe(false));
    fireEvent.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your new API key' })).toBeNull());
    // Reopening starts afresh: the key is never shown again.
    const again = await openCreate();
    expect(within(again).queryByText(KEY)).toBeNull();
  });

  it('lets the user copy by hand when the clipboard is refused, then confirm', async () => {
    serve();
    stubClipboard(async () => {
      throw new Error('denied');
    });
    renderRoute('/preferences?tab=api_keys');
    const shown = await generate();
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await within(shown).findByText(/Couldn't copy automatically/)).toBeTruthy();
    expect((within(shown).getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() =>
      expect((within(shown).getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it("shows the server's 400 message", async () => {
    serve({
      'POST /v1/apps/tokens': { status: 400, body: { success: false, message: 'Please enter key label.' } },
    });
    renderRoute('/preferences?tab=api_keys');
    const dialog = await openCreate();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Key label/ }), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate key' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Please enter key label.');
  });
});

describe('the API keys list', () => {
  it('lists keys and revokes one after confirmation', async () => {
    let tokens = [token(), token({ id: '9', name: 'DE dashboard', scope: 'country:DE' })];
    const { callsTo } = serve({
      'GET /v1/apps/tokens': () => ({ body: { tokens } }),
      'DELETE /v1/apps/tokens/7': () => {
        tokens = tokens.filter((t) => t.id !== '7');
        return { body: { success: true, message: 'API key revoked.' } };
      },
    });
    renderRoute('/preferences?tab=api_keys');
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(table.textContent).toContain('Nightly export');
    expect(table.textContent).toContain('country: DE');
    expect(table.textContent).toContain('Never used');
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke Nightly export' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    expect(callsTo('/v1/apps/tokens/7')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('API key revoked.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'API keys' }).textContent).not.toContain('Nightly'),
    );
  });

  it('shows the empty state, and an error with retry', async () => {
    let fail = true;
    serve({
      'GET /v1/apps/tokens': () =>
        fail ? { status: 500, body: { success: false, message: 'boom' } } : { body: { tokens: [] } },
    });
    renderRoute('/preferences?tab=api_keys');
    expect(await screen.findByText("We couldn't load your API keys.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });
});

describe('the settings frame', () => {
  it('opens the profile tab by default and keeps the tab in ?tab=', async () => {
    serve();
    const { router } = renderRoute('/preferences?dim_name=country&dim_val=DE');
    expect((await screen.findByRole('tab', { name: 'Profile' })).getAttribute('aria-selected')).toBe('true');
    expect(document.getElementById('settings-panel-profile')).toBeTruthy();
    // My Metrics is for design partners only.
    expect(screen.queryByRole('tab', { name: 'My Metrics' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'API Keys' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=api_keys'));
    // The applied filter stays in the URL.
    expect(router.state.location.search).toContain('dim_val=DE');
  });

  it('shows My Metrics to design partners', async () => {
    mockFetch({
      'GET /v1/auth/verify': { body: makeVerify({ is_design_partner: true }) },
      'GET /v1/flags': { body: makeFlags() },
      'GET /v1/tenants/info': { status: 500, body: { success: false, message: 'later' } },
    });
    renderRoute('/preferences?tab=my_metrics');
    expect((await screen.findByRole('tab', { name: 'My Metrics' })).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});
