export { GlobalFilterSelector, type GlobalFilterSelectorProps } from './components/global-filter-selector';
export { GlobalFilterSync, type GlobalFilterSyncProps } from './components/global-filter-sync';
