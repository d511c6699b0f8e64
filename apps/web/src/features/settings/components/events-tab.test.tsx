import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectorDomains } from '@tidemark/contract';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const sites = (overrides: Partial<CollectorDomains> = {}): CollectorDomains => ({
  store_domain: 'shop.example',
  domains: [{ domain: 'blog.example', created_at: '2026-11-20T10:00:00Z' }],
  accepts_all: false,
  dropped_recently: 1200,
  ...overrides,
});

function serve(initial: CollectorDomains) {
  return mockFetch({
    'GET /v1/auth/verify': { body: makeVerify() },
    'GET /v1/flags': { body: makeFlags() },
    'GET /v1/tenants/info': { status: 500, body: { success: false, message: 'later' } },
    'GET /v1/events/allowed_domains': { body: initial },
    'POST /v1/events/allowed_domains': (req) => {
      const { domain } = req.body as { domain: string };
      if (domain === 'nope') return { status: 400, body: { success: false, message: 'Enter a domain.' } };
      return {
        body: sites({ domains: [...initial.domains, { domain, created_at: '2026-11-21T10:00:00Z' }] }),
      };
    },
    'DELETE /v1/events/allowed_domains/blog.example': { body: sites({ domains: [] }) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the allowed sites of the collector', () => {
  it('lists the store and the added domains, and counts the beacons dropped', async () => {
    serve(sites());
    renderRoute('/preferences?tab=events&sub_tab=domains');
    const list = await screen.findByRole('list', { name: 'Sites that may send events' });
    expect(within(list).getByText('shop.example')).toBeTruthy();
    expect(within(list).getByText('Your store')).toBeTruthy();
    expect(within(list).getByText('blog.example')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      '1,200 beacons from other sites dropped in the last 7 days.',
    );
  });

  it('adds a domain and removes one, showing the answer', async () => {
    const { callsTo } = serve(sites());
    renderRoute('/preferences?tab=events&sub_tab=domains');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Domain' }), {
      target: { value: 'partner.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('partner.example')).toBeTruthy();
    const posted = callsTo('/v1/events/allowed_domains').filter((c) => c.method === 'POST');
    expect(posted.map((c) => c.body)).toEqual([{ domain: 'partner.example' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove blog.example' }));
    await waitFor(() => expect(screen.queryByText('blog.example')).toBeNull());
  });

  it("shows the server's message when a domain is refused", async () => {
    serve(sites());
    renderRoute('/preferences?tab=events&sub_tab=domains');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Domain' }), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Enter a domain.')).toBeTruthy();
  });

  it('says plainly when every site is accepted', async () => {
    serve(sites({ store_domain: null, domains: [], accepts_all: true, dropped_recently: 0 }));
    renderRoute('/preferences?tab=events&sub_tab=domains');
    expect(await screen.findByText(/events from every site are kept/)).toBeTruthy();
  });
});
