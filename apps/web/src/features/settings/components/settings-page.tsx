import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/session';
import { DEFAULT_SETTINGS_TAB, SETTINGS_COPY, SETTINGS_TABS, type SettingsTab } from '../messages';
import { ApiKeysTab } from './api-keys-tab';
import { BillingTab } from './billing-tab';
import { EventsTab } from './events-tab';
import { MembersTab } from './members-tab';
import { MyMetricsTab } from './my-metrics-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { StoresTab } from './stores-tab';

/** The tabs this user sees: My Metrics is for design partners only (spec 1 §2). */
export function visibleTabs(isDesignPartner: boolean): SettingsTab[] {
  return SETTINGS_TABS.filter((t) => t !== 'my_metrics' || isDesignPartner);
}

/** `?tab=` as a tab this user has; anything else is the default tab. */
export function resolveTab(raw: string | null, tabs: readonly SettingsTab[]): SettingsTab {
  return tabs.find((t) => t === raw) ?? DEFAULT_SETTINGS_TAB;
}

/** Each tab's panel. */
const PANELS: Record<SettingsTab, () => ReactNode> = {
  profile: () => <ProfileTab />,
  my_metrics: () => <MyMetricsTab />,
  notifications: () => <NotificationsTab />,
  api_keys: () => <ApiKeysTab />,
  stores: () => <StoresTab />,
  billing: () => <BillingTab />,
  events: () => <EventsTab />,
  members: () => <MembersTab />,
};

/** /preferences: the settings frame, its active tab kept in `?tab=` beside the other query values. */
export function SettingsPage() {
  const user = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const tabs = visibleTabs(user.is_design_partner);
  const active = resolveTab(search.get('tab'), tabs);

  function select(tab: SettingsTab) {
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set('tab', tab);
      return next;
    });
  }

  return (
    <Box>
      <PageHeader
        title={SETTINGS_COPY.title}
        documentTitle={`${SETTINGS_COPY.tabs[active]} · ${SETTINGS_COPY.title}`}
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={active}
          onChange={(_e, tab: SettingsTab) => select(tab)}
          aria-label={SETTINGS_COPY.tabsLabel}
          variant="scrollable"
          scrollButtons="auto"
        >
          {tabs.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={SETTINGS_COPY.tabs[tab]}
              id={`settings-tab-${tab}`}
              aria-controls={`settings-panel-${tab}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`settings-panel-${active}`} aria-labelledby={`settings-tab-${active}`}>
        {PANELS[active]()}
      </Box>
    </Box>
  );
}
