export { useDemoMode, isDemoMode, setDemoMode } from './demo-mode';
export {
  useSelectedCustomer,
  getSelectedCustomer,
  selectCustomer,
  clearSelectedCustomer,
} from './selected-customer';
export {
  clearStoredGlobalFilter,
  useAppliedFilter,
  appliedFilterOf,
  withAppliedFilter,
  sameFilter,
  filterQuery,
  getStoredFilter,
  storeFilter,
  FILTER_PARAMS,
  type AppliedFilter,
  type StoredFilter,
} from './global-filter';
export { SessionProvider, useSession, useCurrentUser, useTenants, firstNameOf } from './session-context';
export { useDataScope, dataScopeQuery, dataScopeKey, type DataScope } from './data-scope';
export {
  useTenantScope,
  scopeReady,
  useWorkspaceName,
  resolveTenantId,
  tenantQuery,
  type TenantScope,
} from './tenant-scope';
