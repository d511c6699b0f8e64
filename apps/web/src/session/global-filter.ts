import { STORE_KEYS, writeStore } from './local-store';

/** The applied global filter and the cached filter list; the drawer that fills them comes later. */
export function clearStoredGlobalFilter(): void {
  writeStore(STORE_KEYS.globalFilter, null);
  writeStore(STORE_KEYS.globalFilters, null);
}
