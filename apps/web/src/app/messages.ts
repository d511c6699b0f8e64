import { STATUS_CATALOGUE, UI_MESSAGES } from '@tidemark/contract';

/** Strings of the application shell: top bar, error screens and the areas later issues build. */
export const SHELL_COPY = {
  mainNav: 'Main',
  tabs: {
    home: 'Home',
    insights: 'Insights',
    events: 'Events',
    metrics: 'Metrics',
    explorer: 'Explorer',
    reports: 'Reports',
  },
  demoSwitch: 'Demo Mode',
  demoBanner: "You're exploring Tidemark with a sample store. Nothing here touches your own workspace.",
  demoExit: 'Exit demo mode',
  northStar: 'North Star',
  documentation: 'Documentation',
  account: 'Account',
  changeCustomer: 'Change Customer',
  preferences: 'Preferences',
  manageDatasources: 'Manage Datasources',
  logout: 'Logout',
  help: 'Help',
  chatWithUs: 'Chat with us',
  viewingCustomer: (name: string) => `Viewing ${name}`,
  loadingWorkspace: 'Loading your workspace',
} as const;

export const ERROR_COPY = {
  notFound: { code: '404', title: STATUS_CATALOGUE[404].title, message: UI_MESSAGES.pageNotFound },
  unexpected: { title: 'Unexpected Error', message: UI_MESSAGES.unexpectedError },
  goBack: 'Go Back',
  startOver: 'Start Over',
  retry: 'Try again',
} as const;

export interface AreaCopy {
  title: string;
  description: string;
  highlights?: readonly string[];
}

/** The screens later issues build; each shows a designed page naming its area meanwhile. */
export const AREA_COPY = {
  feed: {
    title: 'Insights',
    description:
      'Insights — spikes and trend changes in your metrics, with their root cause, will appear here.',
    highlights: ['Severity, lift and dollar impact on every card', 'Related insights grouped together'],
  },
  datasources: {
    title: 'Data sources',
    description:
      'Data sources — your connected stores, files and warehouses, with their sync status, will appear here.',
  },
  metrics: {
    title: 'Metrics',
    description:
      'Metrics — every KPI you track, with its expected range and recent changes, will appear here.',
  },
  metric: {
    title: 'Metric',
    description: 'Metric details — the series, expected range and breakdown by dimension will appear here.',
  },
  preferences: {
    title: 'Preferences',
    description: 'Preferences — your profile, notifications, API keys, stores and billing will appear here.',
  },
  docsApi: {
    title: 'API documentation',
    description: 'API documentation — an interactive reference of the Tidemark API will appear here.',
  },
  explorer: {
    title: 'Explorer',
    description: 'Explorer — slice and compare your data by any dimension will appear here.',
  },
  reports: {
    title: 'Reports',
    description: 'Reports — your weekly business and site-health reports will appear here.',
  },
  insight: {
    title: 'Insight',
    description: 'Insight details — what changed, when, by how much and why will appear here.',
  },
  group: {
    title: 'Insight group',
    description: 'Insight group — related insights and their shared root cause will appear here.',
  },
  onboardingSelect: {
    title: 'Select a data source',
    description: 'Data sources — choose a connector to bring your data into Tidemark.',
  },
  onboardingCsv: {
    title: 'Upload a CSV file',
    description: 'CSV upload — add a .csv file to set up a data set.',
  },
  onboardingSync: {
    title: 'Syncing your data',
    description: 'Sync — the progress of your first data sync will appear here.',
  },
  onboardingConfigureMetrics: {
    title: 'Configure metrics',
    description: 'Configure metrics — turn your fields into metrics and dimensions here.',
  },
  onboardingSetPreferences: {
    title: 'Set preferences',
    description: 'Preferences — analysis, notifications and API keys for your new data source.',
  },
  onboardingFinish: {
    title: "You're all set",
    description: "You're all set — your metrics are being prepared.",
  },
  onboardingConnector: {
    title: 'Continue setup',
    description: 'Resume — pick up your in-progress file connection here.',
  },
} as const satisfies Record<string, AreaCopy>;

/** A workspace with no metric yet: every screen offers the one next step, connecting data. */
export const CONNECT_DATA_COPY = {
  title: 'Connect your data',
  body: 'Tidemark has no data of yours yet. Connect a data source (a CSV export, your store or a database), choose the fields to watch, and your metrics, insights and reports start here.',
  events:
    'Outages at your providers show below. Connect your data so Tidemark also watches your own metrics.',
  action: 'Connect your data',
} as const;
