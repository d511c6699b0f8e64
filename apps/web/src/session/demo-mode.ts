import { useCallback } from 'react';
import { STORE_KEYS, readStore, useStoreValue, writeStore } from './local-store';

/** Demo mode shows the seeded demo workspace; it persists in localStorage (spec 1 §2, §4). */

export function isDemoMode(): boolean {
  return readStore(STORE_KEYS.demoMode) === 'true';
}

export function setDemoMode(on: boolean): void {
  writeStore(STORE_KEYS.demoMode, on ? 'true' : null);
}

export function useDemoMode(): [boolean, (on: boolean) => void] {
  const on = useStoreValue(STORE_KEYS.demoMode) === 'true';
  const set = useCallback((next: boolean) => setDemoMode(next), []);
  return [on, set];
}
