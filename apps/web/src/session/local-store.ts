import { useSyncExternalStore } from 'react';

/**
 * A few values the spec keeps in the browser (demo mode, the operator's customer, the applied
 * global filter). Changes notify every subscriber in this tab and, through the storage event,
 * in other tabs.
 */

const PREFIX = 'tidemark.';
const CHANGE_EVENT = 'tidemark:local-store';

export const STORE_KEYS = {
  demoMode: `${PREFIX}demo-mode`,
  selectedCustomer: `${PREFIX}selected-customer`,
  globalFilter: `${PREFIX}global-filter`,
  globalFilters: `${PREFIX}global-filters`,
} as const;
export type StoreKey = (typeof STORE_KEYS)[keyof typeof STORE_KEYS];

export function readStore(key: StoreKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStore(key: StoreKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the value simply does not persist.
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
}

function subscribe(callback: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(CHANGE_EVENT, callback);
    window.removeEventListener('storage', callback);
  };
}

export function useStoreValue(key: StoreKey): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStore(key),
    () => null,
  );
}
