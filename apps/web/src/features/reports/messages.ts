import { EVENT_MESSAGES } from '@tidemark/contract';

/** The weekly report's strings (spec 2 §2.4). */
export const REPORTS_COPY = {
  title: 'Reports',
  subtitle: 'How the providers and parts of your store held up over the period.',
  providerTypes: 'Provider type',
  allTypes: 'All',
  dashboard: 'Dashboard',
  period: {
    week: 'Week',
    month: 'Month',
    quarter: 'Quarter',
    previous: 'Previous period',
    next: 'Next period',
  },
  noProviders: EVENT_MESSAGES.noProviders,
  noProvidersHint:
    'Turn on the providers your store relies on in the stores settings to see their health here.',
  openSettings: 'Choose providers',
  nothing: 'Nothing to report for this period yet.',
  failed: 'The report could not be loaded',
  failedMessage: 'An error occurred while fetching the data. Please try again after sometime.',
  checks: (completed: number, total: number) => `${completed} of ${total} checks healthy`,
  incidents: (n: number) => (n === 1 ? '1 incident' : `${n} incidents`),
  openEvents: (provider: string) => `Open the events of ${provider}`,
  charts: {
    incidents: 'Incidents per provider',
    minutes: 'Minutes of degraded service',
    hostErrors: 'Errors on your site to provider hosts',
    incidentsAria: 'Bar chart of incidents per provider over the period',
    minutesAria: 'Bar chart of minutes of degraded service per provider',
    hostErrorsAria: "Bar chart of the store's errors to each provider's hosts",
    empty: "There's no data to show for the selected period.",
  },
} as const;
