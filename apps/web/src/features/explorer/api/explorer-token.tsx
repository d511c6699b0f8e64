import { EXPLORER_TOKEN_HEADER } from '@tidemark/contract';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** The message /explorer sends the page it frames when it has a fresh token (the old one runs out). */
export const FRESH_TOKEN_MESSAGE = 'tidemark:explorer-token';

const TokenContext = createContext<string | null>(null);

/**
 * Holds the explorer URL's token for every call of the page. A fresh one arrives from the framing
 * /explorer page by postMessage, accepted only from our own origin and our own parent window.
 */
export function ExplorerTokenProvider({ token, children }: { token: string; children: ReactNode }) {
  const [current, setCurrent] = useState(token);
  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const data = event.data as { type?: unknown; token?: unknown } | null;
      if (data?.type === FRESH_TOKEN_MESSAGE && typeof data.token === 'string') setCurrent(data.token);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return <TokenContext.Provider value={current}>{children}</TokenContext.Provider>;
}

export function useExplorerToken(): string {
  const token = useContext(TokenContext);
  if (token === null) throw new Error('useExplorerToken needs an ExplorerTokenProvider');
  return token;
}

export const tokenHeaders = (token: string) => ({ [EXPLORER_TOKEN_HEADER]: token });

/** The token in an explorer URL's fragment (`#token=…`), or null. */
export function tokenFromHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return value && /^[\w-]+\.[\w-]+$/.test(value) ? value : null;
}
