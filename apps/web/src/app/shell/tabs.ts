import type { FeatureFlag } from '@tidemark/contract';
import { paths } from '@/config/paths';
import { SHELL_COPY } from '../messages';
import { EXPLICIT_HOME_STATE } from '../guards/redirect-rules';

export interface TopBarTab {
  label: string;
  to: string;
  flag: FeatureFlag;
  /** Events and Reports stay visible in demo mode (spec 1 §2, Top bar). */
  showInDemo: boolean;
  state?: unknown;
  /** Match only the exact path (Home). */
  end?: boolean;
}

/** Home is the daily digest, so it is governed by the `digest` flag. */
export const TOP_BAR_TABS: readonly TopBarTab[] = [
  {
    label: SHELL_COPY.tabs.home,
    to: paths.home.path,
    flag: 'digest',
    showInDemo: false,
    state: EXPLICIT_HOME_STATE,
    end: true,
  },
  { label: SHELL_COPY.tabs.insights, to: paths.feed.path, flag: 'insights', showInDemo: false },
  { label: SHELL_COPY.tabs.events, to: paths.events.path, flag: 'events', showInDemo: true },
  { label: SHELL_COPY.tabs.metrics, to: paths.metrics.path, flag: 'metrics', showInDemo: false },
  { label: SHELL_COPY.tabs.explorer, to: paths.explorer.path, flag: 'explorer', showInDemo: false },
  { label: SHELL_COPY.tabs.reports, to: paths.reports.path, flag: 'reports', showInDemo: true },
];

/** A tab shows when its flag is on, and in demo mode only if it is one of the demo tabs. */
export function visibleTabs(flags: Record<FeatureFlag, boolean>, demoMode: boolean): TopBarTab[] {
  return TOP_BAR_TABS.filter((tab) => flags[tab.flag] && (!demoMode || tab.showInDemo));
}
