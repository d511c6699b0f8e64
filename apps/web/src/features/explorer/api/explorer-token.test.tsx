import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ExplorerTokenProvider,
  FRESH_TOKEN_MESSAGE,
  tokenFromHash,
  useExplorerToken,
} from './explorer-token';

function Shows() {
  return <p>{useExplorerToken()}</p>;
}

const send = (data: unknown, origin = window.location.origin) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: window.parent }));
  });

describe('the explorer token', () => {
  it('reads a well-formed token from the fragment only', () => {
    expect(tokenFromHash('#token=eyJ0Ijox.c2ln-_')).toBe('eyJ0Ijox.c2ln-_');
    expect(tokenFromHash('#token=<script>')).toBeNull();
    expect(tokenFromHash('')).toBeNull();
  });

  it('takes a fresh token from its own origin and ignores messages from any other', () => {
    render(
      <ExplorerTokenProvider token="first.token">
        <Shows />
      </ExplorerTokenProvider>,
    );
    expect(screen.getByText('first.token')).toBeTruthy();
    send({ type: FRESH_TOKEN_MESSAGE, token: 'evil.token' }, 'https://elsewhere.example');
    expect(screen.getByText('first.token')).toBeTruthy();
    send({ type: 'something-else', token: 'other.token' });
    expect(screen.getByText('first.token')).toBeTruthy();
    send({ type: FRESH_TOKEN_MESSAGE, token: 'fresh.token' });
    expect(screen.getByText('fresh.token')).toBeTruthy();
  });
});
