import { useCallback } from 'react';
import { STORE_KEYS, readStore, useStoreValue, writeStore } from './local-store';
import { clearStoredGlobalFilter } from './global-filter';

/** The customer an operator (all-customers tenant member) chose in the picker. */

function parse(value: string | null): number | null {
  if (!value) return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function getSelectedCustomer(): number | null {
  return parse(readStore(STORE_KEYS.selectedCustomer));
}

/** Choosing a customer also drops the applied and stored global filters (spec 1 §4, Login). */
export function selectCustomer(tenantId: number): void {
  clearStoredGlobalFilter();
  writeStore(STORE_KEYS.selectedCustomer, String(tenantId));
}

export function clearSelectedCustomer(): void {
  writeStore(STORE_KEYS.selectedCustomer, null);
}

export function useSelectedCustomer(): [number | null, (tenantId: number) => void] {
  const id = parse(useStoreValue(STORE_KEYS.selectedCustomer));
  const select = useCallback((tenantId: number) => selectCustomer(tenantId), []);
  return [id, select];
}
