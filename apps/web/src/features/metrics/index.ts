export { ConfigureMetrics } from './components/configure-metrics';
export { SetPreferences, parsePreferenceTab, type PreferenceTab } from './components/set-preferences';
export { OnboardingFinish } from './components/finish';
export { replicateMetrics } from './api/onboard';
export { MetricsHub } from './components/hub/metrics-hub';
export { parseTableState, writeTableState, type MetricsTableState } from './utils/table-state';
export { MetricPage } from './components/hub/metric-page';
