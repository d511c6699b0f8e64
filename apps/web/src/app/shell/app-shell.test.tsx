import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeTenantInfo, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';
import { SHELL_COPY } from '../messages';

describe('AppShell', () => {
  it("shows the workspace's skeleton until its info answers, then the page", async () => {
    let answer: (() => void) | undefined;
    mockFetch({
      'GET /v1/auth/verify': { body: makeVerify() },
      'GET /v1/flags': { body: makeFlags() },
      'GET /v1/tenants/info': async () => {
        await new Promise<void>((r) => (answer = r));
        return { body: makeTenantInfo() };
      },
    });
    renderRoute('/reports');
    await screen.findByRole('status', { name: SHELL_COPY.loadingWorkspace });
    expect(screen.queryByRole('heading', { name: 'Reports' })).toBeNull();
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    await screen.findByRole('heading', { name: 'Reports' });
  });

  it('shows the page when the info fails, and asks for it again no more than a page does', async () => {
    const { callsTo } = mockFetch({
      'GET /v1/auth/verify': { body: makeVerify() },
      'GET /v1/flags': { body: makeFlags() },
      'GET /v1/tenants/info': { status: 500, body: { success: false, message: 'Something went wrong' } },
    });
    renderRoute('/reports');
    await screen.findByRole('heading', { name: 'Reports' });
    // Holding the page on every new try would unmount and remount it, each mount asking again.
    await new Promise((r) => setTimeout(r, 500));
    expect(callsTo('/v1/tenants/info').length).toBeLessThanOrEqual(3);
  });
});
