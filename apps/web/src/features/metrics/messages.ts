export const METRICS_COPY = {
  configureTitle: 'Configure metrics',
  configureSubtitle:
    'Choose which columns to follow as metrics (numbers to add up or average) and which to slice them by (dimensions).',
  field: 'Field',
  displayName: 'Display name',
  type: 'Type',
  aggregation: 'Aggregation',
  objective: 'Objective',
  formula: 'Formula',
  formulaHint: 'e.g. sum(revenue) / count(order_id)',
  addRow: 'Add a row',
  removeRow: 'Remove row',
  metric: 'Metric',
  dimension: 'Dimension',
  up: 'Up is good',
  down: 'Down is good',
  dateColumnsNote: (names: string) =>
    `${names} ${names.includes(',') ? 'are' : 'is'} a date column: pick it as the time axis on the next step.`,
  needDimension: 'Keep at least one row as a dimension.',
  needNames: 'Every row needs a field and a display name.',
  needFormula: 'Every formula metric needs its formula.',
  next: 'Next',
  back: 'Back',
  saving: 'Saving…',
  loadFailed: 'The columns of this data source could not be loaded',
  preferencesTitle: 'Set preferences',
  preferencesSubtitle: 'Tell us which column dates each row: every metric becomes a time series on it.',
  analysis: 'Analysis',
  notification: 'Notification',
  apiKeys: 'API Keys',
  dateColumn: 'Time series date field',
  frequencies: 'Analysis frequencies',
  initialSync: 'Initial sync duration',
  restate: 'Restate history',
  yes: 'Yes',
  no: 'No',
  comingLater:
    'Fixed for now: every metric is analysed hourly, daily, weekly and monthly over all the history loaded.',
  notificationBody:
    'Alerts by e-mail, Slack and SMS, daily alerts and the weekly digest are set up in Preferences once your first insights are ready.',
  apiKeysBody: 'API keys for the public API are created in Preferences → API Keys.',
  finishTitle: "You're all set!",
  finishBody:
    'Your metrics are being computed and analysed. Their series appear in a few moments, and insights follow as soon as the analysis has run.',
  goToMetrics: 'Go to Metrics',
} as const;

export const FREQUENCY_LABELS: Record<string, string> = {
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
