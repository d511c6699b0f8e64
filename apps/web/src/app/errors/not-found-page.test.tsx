import { fireEvent, screen, waitFor } from '@testing-library/react';
import { UI_MESSAGES } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { makeFlags, makeVerify } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

describe('NotFoundPage', () => {
  it.each(['/nope', '/metrics/1/extra', '/onboarding/csv/extra/deeper'])(
    'shows the catalogue title and message for %s, signed in or not',
    async (path) => {
      mockFetch({});
      renderRoute(path);
      expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeTruthy();
      expect(screen.getByText(UI_MESSAGES.pageNotFound)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Start Over' })).toBeTruthy();
    },
  );

  it('Start Over goes to the home page', async () => {
    mockFetch({ 'GET /v1/auth/verify': { body: makeVerify() }, 'GET /v1/flags': { body: makeFlags() } });
    const { router } = renderRoute('/no/such/page');
    fireEvent.click(await screen.findByRole('button', { name: 'Start Over' }));
    // Home applies the index redirect for this user.
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  });

  it('Go Back returns to the previous page', async () => {
    mockFetch({ 'GET /v1/auth/verify': { body: makeVerify() }, 'GET /v1/flags': { body: makeFlags() } });
    const { router } = renderRoute('/reports');
    await screen.findByRole('heading', { name: 'Reports' });
    await router.navigate('/missing');
    fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
  });
});
