import {
  NOTIFICATION_MESSAGES,
  PREFERENCE_MESSAGES,
  PROFILE_MESSAGES,
  SETUP_NOTICES,
  SLACK_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  type ChannelName,
  type EventErrorType,
  type Sensitivity,
  type Snooze,
  type WeekDay,
} from '@tidemark/contract';

/** Spec 1 §4, §9: settings snackbars hide after 2000 ms. */
export const SETTINGS_SNACK_MS = 2000;

export const PROFILE_COPY = {
  heading: 'Profile',
  intro: 'How Tidemark addresses you, and the number SMS alerts go to.',
  name: 'Name',
  nameHelp: 'First name, then family name. Letters only.',
  email: 'E-mail',
  emailHelp: 'Your sign-in address; it cannot be changed here.',
  phone: 'Phone number',
  country: 'Country',
  preferredCountries: 'Suggested',
  allCountries: 'All countries',
  save: 'Save',
  saving: 'Saving…',
  saved: PROFILE_MESSAGES.saved,
  bothRequired: PROFILE_MESSAGES.bothRequired,
  invalidPhone: PROFILE_MESSAGES.invalidPhone,
  failed: PROFILE_MESSAGES.failed,
  loadError: "We couldn't load your profile.",
  retry: 'Try again',
} as const;

export const MY_METRICS_COPY = {
  heading: 'My Metrics',
  intro: 'Pick the 3 to 4 metrics your daily digest leads with.',
  counter: (n: number) => `${n} of 4 selected`,
  save: 'Save',
  saving: 'Saving…',
  tooMany: PREFERENCE_MESSAGES.metricsTooMany,
  tooFew: PREFERENCE_MESSAGES.metricsTooFew,
  range: PREFERENCE_MESSAGES.metricsRange,
  saved: PREFERENCE_MESSAGES.metricsSaved,
  failed: 'An Error occurred while updating the metrics preference.',
  emptyTitle: 'No metrics yet',
  emptyBody: 'Connect a data source and configure metrics first; they will be listed here.',
  loadError: "We couldn't load your metrics.",
  retry: 'Try again',
} as const;

export const NOTIFICATIONS_COPY = {
  subTabsLabel: 'Notification settings',
  subTabs: { 'event-alerts': 'Alerts', schedule: 'Reports' },
  loadError: "We couldn't load your notification settings.",
  retry: 'Try again',
  demo: 'Notification settings belong to your own workspace: exit demo mode to change them.',
  channels: {
    heading: 'Channels',
    intro: 'Where your alerts are sent.',
    names: { email: 'E-mail', sms: 'SMS', slack: 'Slack' } satisfies Record<ChannelName, string>,
    details: {
      email: (address: string) => `To ${address}`,
      smsWithPhone: (phone: string) => `To ${phone}`,
      smsWithoutPhone: 'Add a phone number to receive SMS alerts.',
      slackConnected: (team: string | null) => (team ? `Connected to ${team}` : 'Connected'),
      slackChannel: (team: string | null, channel: string) =>
        team ? `Alerts go to ${channel} in ${team}` : `Alerts go to ${channel}`,
      smsVerified: (phone: string) => `To ${phone} (verified)`,
      slackNotConnected: 'Add Tidemark to your Slack workspace to receive alerts there.',
    },
    toggleLabel: (name: string) => `${name} alerts`,
  },
  smsVerify: {
    unverified: 'Your number is not verified yet: SMS alerts start once you confirm the code we text you.',
    waiting: 'Enter the code we texted you.',
    send: 'Text me a code',
    sending: 'Sending…',
    resend: 'Send a new code',
    codeLabel: 'Verification code',
    confirm: 'Verify',
    confirming: 'Verifying…',
    sendFailed: 'The code could not be sent. Please try again.',
    confirmFailed: 'The code could not be checked. Please try again.',
    notConfigured: SETUP_NOTICES.sms.customer,
  },
  slack: {
    add: 'Add to Slack',
    notConfigured: SETUP_NOTICES.slack.customer,
    results: {
      connected: SLACK_MESSAGES.connected,
      failed: SLACK_MESSAGES.failed,
      denied: SLACK_MESSAGES.denied,
      not_configured: SLACK_MESSAGES.notConfigured,
    },
  },
  severity: {
    heading: 'Severity',
    intro: 'Which events you are alerted about.',
  },
  threshold: {
    heading: 'Minimum dollar impact',
    intro: 'Only alert me about events costing at least this much. Empty means every event.',
    label: 'Minimum dollar impact',
    invalid: SUBSCRIPTION_MESSAGES.thresholdInvalid,
    confirm: 'Confirm',
  },
  preview: {
    heading: 'Last 4 weeks with these filters',
    summary: (n: number) =>
      n === 0
        ? 'You would have received no alerts.'
        : `You would have received ${n} alert${n === 1 ? '' : 's'}.`,
    noSeverity: 'With no severity selected you would receive no alerts.',
    breakdown: (s: { High: number; Medium: number; Low: number }) =>
      `${s.High} High, ${s.Medium} Medium, ${s.Low} Low.`,
    week: (i: number, n: number) => `${i === 3 ? 'This week' : `${3 - i} wk ago`}: ${n}`,
    error: "We couldn't count past alerts right now.",
  },
  mapping: {
    heading: 'Event sources',
    intro: 'The providers and categories your alerts cover.',
    categoriesOf: (provider: string) => `${provider} categories`,
  },
  updated: SUBSCRIPTION_MESSAGES.updated,
  failed: SUBSCRIPTION_MESSAGES.failed,
  phoneDrawer: {
    title: 'Add your phone number',
    body: 'SMS alerts need a phone number. It is saved to your profile.',
    save: 'Save',
    saving: 'Saving…',
    discard: 'Discard',
  },
  noise: {
    heading: 'Noise control',
    intro: 'Hold alerts at night, narrow them to one part of your business, and see what you have snoozed.',
    loadError: "We couldn't load your noise control settings.",
    quiet: {
      heading: 'Quiet hours',
      toggle: 'Hold alerts during quiet hours',
      start: 'Start',
      end: 'End',
      confirm: 'Confirm',
      zone: (zone: string) =>
        `Times are in the workspace's time zone, ${zone}. An end before the start runs past midnight.`,
      held: 'Alerts that come up during quiet hours are held, then sent when quiet hours end. Daily alerts and summaries keep their own schedule.',
      sameTime: 'Start and end must differ.',
    },
    scope: {
      heading: 'Alert scope',
      intro:
        "Alert me only about insights for one saved global filter's value. Event alerts, from your website and providers, are not narrowed by it.",
      label: 'Alert me about',
      everything: 'Everything',
      option: (name: string, dimension: string, value: string) => `${name} (${dimension}: ${value})`,
      none: 'Save a global filter to narrow your alerts to one of its values.',
      gone: 'The filter your alerts were narrowed to was deleted, so you get alerts about everything.',
    },
    snoozes: {
      heading: 'Active snoozes',
      intro: 'Items and metrics you paused alerts about, for an hour, a day or a week.',
      listLabel: 'Active snoozes',
      empty: 'No active snoozes',
      kinds: {
        insight_group: 'Insight group',
        event_group: 'Event group',
        metric: 'Metric',
      } satisfies Record<Snooze['target_type'], string>,
      gone: (id: string) => `#${id}, no longer in this workspace`,
      until: (when: string) => `Until ${when}`,
      remove: 'Remove',
      removeLabel: (name: string) => `Remove the snooze on ${name}`,
      removed: NOTIFICATION_MESSAGES.snoozeRemoved,
      removeFailed: "We couldn't remove the snooze. Please try again.",
    },
    saved: NOTIFICATION_MESSAGES.settingsSaved,
    saveFailed: "We couldn't save your notification settings, so they are back as they were.",
    reverted: 'Your settings are back as they were.',
  },
  schedule: {
    dailyHeading: 'Daily alerts',
    dailyIntro: 'The days daily alert e-mails are sent. At least one day stays selected.',
    weeklyHeading: 'Weekly digest',
    weeklyIntro: 'A summary of the week, sent once a week.',
    weeklyToggle: 'Send the weekly digest',
    startOfWeek: 'Start of week',
    time: 'Time',
    timeHelp: (zone: string, utc: string) => `In ${zone} (${utc} UTC)`,
    save: 'Save schedule',
    saving: 'Saving…',
    saved: PREFERENCE_MESSAGES.scheduleSaved,
    failed: PREFERENCE_MESSAGES.scheduleFailed,
  },
} as const;

export const DAY_LABELS: Record<WeekDay, { short: string; long: string }> = {
  sunday: { short: 'Sun', long: 'Sunday' },
  monday: { short: 'Mon', long: 'Monday' },
  tuesday: { short: 'Tue', long: 'Tuesday' },
  wednesday: { short: 'Wed', long: 'Wednesday' },
  thursday: { short: 'Thu', long: 'Thursday' },
  friday: { short: 'Fri', long: 'Friday' },
  saturday: { short: 'Sat', long: 'Saturday' },
};

export const EVENTS_COPY = {
  subTabsLabel: 'Event settings',
  subTabs: { sensitivity: 'Sensitivity', sampling: 'Error collection', domains: 'Allowed sites' },
  sensitivity: {
    heading: 'How closely changes are watched',
    intro: 'The size of experience changes that become events.',
    options: {
      large: { label: 'Large', help: 'Low sensitivity: major changes only.' },
      moderate: { label: 'Moderate', help: 'Medium sensitivity. Not available yet.' },
      small: { label: 'Small', help: 'High sensitivity: all changes.' },
    } satisfies Record<Sensitivity, { label: string; help: string }>,
  },
  sampling: {
    heading: 'Error collection sampling',
    intro:
      'The share of errors the site collector sends. Each error counts for the ones not sent, so totals stay right.',
    global: 'All other events',
    globalHelp: 'Assets, beacons, and error types without their own rate.',
    types: {
      network_error: 'Network errors',
      fetch_error: 'Fetch errors',
      js_error: 'JavaScript errors',
    } satisfies Record<EventErrorType, string>,
    toggle: (name: string) => `Own rate for ${name}`,
    range: 'A number from 0 to 100 in steps of 5.',
  },
  domains: {
    heading: 'Sites that may send events',
    intro:
      'The site collector keeps events only from these domains and their subdomains. Anyone can copy a site key from a page, so events from other sites are dropped.',
    store: 'Your store',
    storeHelp: 'From the store URL in the workspace settings; always allowed.',
    acceptsAll:
      'No store URL and no domains: events from every site are kept. Add your site so others cannot post events into this workspace.',
    none: 'No other domains.',
    field: 'Domain',
    fieldHelp: 'Such as shop.example.com; its subdomains are included.',
    add: 'Add domain',
    remove: (domain: string) => `Remove ${domain}`,
    added: 'Domain added.',
    removed: 'Domain removed.',
    dropped: (n: number) =>
      n === 0
        ? 'No events from other sites were dropped in the last 7 days.'
        : `${n.toLocaleString('en-US')} ${n === 1 ? 'beacon' : 'beacons'} from other sites dropped in the last 7 days.`,
  },
  save: 'Save',
  saving: 'Saving…',
  saved: PREFERENCE_MESSAGES.saved,
  failed: PREFERENCE_MESSAGES.failed,
  loadError: "We couldn't load the event settings.",
  retry: 'Try again',
  demo: 'Event settings belong to your own workspace: exit demo mode to change them.',
} as const;
