import { screen } from '@testing-library/react';
import { UI_MESSAGES } from '@tidemark/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderRoute } from '@/testing/render';
import { RouteErrorPage } from './route-error-page';

function Boom({ error }: { error: unknown }): never {
  throw error;
}

describe('RouteErrorPage', () => {
  it.each([
    {
      name: 'a crash shows the unexpected-error screen',
      error: new Error('boom'),
      title: 'Unexpected Error',
      message: UI_MESSAGES.unexpectedError,
    },
    {
      name: 'a 403 shows Not Allowed',
      error: new ApiError(403, 'nope'),
      title: 'Not Allowed',
      message: "It looks like you don't have access to this resource. Please check with your administrator.",
    },
    {
      name: 'a 502 shows the server error',
      error: new ApiError(502, 'bad gateway'),
      title: 'Internal Server Error',
      message: 'It looks like our servers are not reachable at this moment. Please try again after sometime.',
    },
  ])('$name', async ({ error, title, message }) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute('/x', {
      routes: [{ path: '/x', element: <Boom error={error} />, ErrorBoundary: RouteErrorPage }],
    });
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Over' })).toBeTruthy();
  });
});
