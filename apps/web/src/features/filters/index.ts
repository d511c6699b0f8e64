export { GlobalFilterSelector, type GlobalFilterSelectorProps } from './components/global-filter-selector';
export { GlobalFilterSync, type GlobalFilterSyncProps } from './components/global-filter-sync';
// The applied filter lives in session/ so every feature's calls can read it; re-exported for route modules.
export { useAppliedFilter, filterQuery, type AppliedFilter } from '@/session';
