/** The insights area's strings, in the spec's wording where it gives one (spec 3 §2, §4, §8). */
export const INSIGHTS_COPY = {
  feedTitle: 'Insights',
  feedSubtitle: 'Spikes and trend changes in your metrics, grouped as they happened.',
  caughtUp: "You're all caught up here!",
  loadMore: 'Load more',
  emptyTitle: 'No insights in this window',
  emptyBody:
    'Nothing moved outside its expected range in the selected time. Widen the time filter to look further back.',
  feedFailedTitle: 'The insights could not be loaded',
  genericError: 'Some error occurred, please try again after sometime',
  retry: 'Try again',
  openedFromLink: 'Opened from a link',
  today: 'Today',
  yesterday: 'Yesterday',

  // Summary banner
  seriesAnalysed: 'Time series analysed',
  lastPipelineRun: 'Last pipeline run',
  spikes: 'Spikes',
  topMetric: 'Top metric',
  insightsOverTime: 'Insights over time',
  histogramLabel: (positive: number, negative: number) =>
    `Insights over time: ${positive} positive and ${negative} negative`,
  noRunYet: 'Not run yet',
  noTopMetric: 'No insights yet',
  summaryFailed: 'The summary could not be loaded.',
  insightsOn: (n: number) => `${n} insight${n === 1 ? '' : 's'}`,

  // Time filter
  timeFilter: 'Time',

  // Card
  analyse: 'Analyse',
  share: 'Share',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyFailed: 'The link could not be copied',
  download: 'Download',
  downloading: 'Preparing the download…',
  downloadFailed: 'The download could not be prepared. Please try again.',
  expand: 'Show details',
  collapse: 'Hide details',
  live: 'Live',
  dollarImpact: (value: string) => `${value} impact`,
  metricsCount: (n: number) => `${n} metric${n === 1 ? '' : 's'}`,
  notFound: (resource: 'Insight' | 'Group') => `${resource} not found`,
  notFoundBody: (resource: 'Insight' | 'Group') =>
    `This ${resource.toLowerCase()} does not exist or is no longer available in this workspace.`,
  cardError: 'This card could not be loaded.',
  metricsFailed: "The group's metrics could not be loaded.",

  // Feedback
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  feedbackThanks: 'Thanks for the feedback',
  feedbackFailed: (resource: 'insight' | 'group') =>
    `There was an Error While posting feedback for this ${resource}.`,
  reasonsTitle: 'What was wrong?',
  reasons: [
    'Not relevant to my business',
    'Expected change (promotion, holiday)',
    'Data looks wrong',
    'Too small to matter',
    'Already knew about it',
  ],

  // Carousel
  previousView: 'Back to previous view',
  nextView: 'View next card',
  panes: { main: 'Chart', rootcause: 'Root cause', overlays: 'Overlays' },

  // Charts (§8)
  overlaysFailed: 'Overlays data not found.',
  overlayEmpty: (kpi: string) => `Unable to get data for ${kpi}`,
  northStarEmpty: 'Unable to get data for North Star Metric',
  chartCrashed:
    "Oops, it appears we've encountered an issue. Please click on the reset button on the control bar to get back to the chart.",
  chartNoData: 'Some error occurred, please try again after sometime',
  noInsightForSpike: 'No actionable insight generated',
  drillDownMissing: (dimName: string, dimVal: string) =>
    `Drill down chart is not available for ${dimName}: ${dimVal}`,
  reset: 'Reset chart',
  actual: 'Actual',
  expected: 'Expected',
  expectedRange: 'Expected range',
  spikesSeries: 'Spikes',
  legendLast: 'At least one series stays visible',
  forecast: 'Forecast',
  overlayTitle: (unit: string) => `Trailing 1 ${unit} & 2 ${unit}s`,
  overlayCurrent: 'Current',
  overlayTrailing: (n: number, unit: string) => `Trailing ${n} ${unit}${n === 1 ? '' : 's'}`,
  overlayUnavailable: 'Not available for this schedule',
  rootCauseTitle: 'Top contributors',
  rootCauseNone: 'No root cause is available for this insight.',
  rootCauseFailed: 'The root cause could not be loaded.',
  nullsOmitted: (n: number) => `${n} null value${n === 1 ? '' : 's'} omitted`,
  sortAscending: 'Sort ascending',
  sortDescending: 'Sort descending',
  measures: { impact: 'Impact', lift: 'Lift', volume: 'Volume' },
  stepBack: 'Back to the level above',
} as const;

export type FeedbackResource = 'insight' | 'group';

/** The group and insight pages (spec 3 §2, §4 team states, §5 annotation edit, §8). */
export const DETAIL_COPY = {
  groupPageTitle: 'Group',
  insightPageTitle: 'Insight',
  backToFeed: 'Back to the feed',
  // Team states (§4)
  resolve: 'Resolve',
  flag: 'Flag',
  cancel: 'Cancel',
  confirm: 'Confirm',
  resolveTitle: 'Resolve this group?',
  resolveBody: 'It moves to the Resolved feed. Anyone on the team can flag it back to Open.',
  flagTitle: 'Flag this group?',
  flagBody: 'It moves back to the Open feed so the team looks at it again.',
  movedToFeed: (state: string) => `Moved to the ${state} feed`,
  moveFailed: 'The group could not be moved.',
  demoReadOnly: 'The sample store is read-only in demo mode',
  state: (state: string) => (state === 'Open' ? 'Open' : state),
  // Inline edit (§4, §5, §8)
  edit: 'Edit title and summary',
  save: 'Save',
  titleLabel: 'Title',
  summaryLabel: 'Summary',
  annotated: 'The record is updated successfully.',
  annotateFailed: 'Error occurred, try again after sometime',
  annotateServerError: 'Some error occurred while updating the record',
  // History (§3, §8, §9)
  historyTitle: 'History',
  seeMore: 'See More',
  historyEmpty: 'No history available',
  historyFailed: 'There was an error while fetching the history',
  movedTo: (state: string) => `Moved to ${state}`,
  movedBackToOpen: 'Moved back to Open',
  edited: (what: string) => `Edited the ${what.split(',').join(' and ')}`,
  by: (login: string) => `by ${login}`,
  system: 'by the pipeline',
  // Group impact
  timeToDetect: 'Time to detect',
  timeToResolve: 'Time to resolve',
  // Insight page
  figures: 'Figures',
  current: 'Current',
  expectedValue: 'Expected',
  difference: 'Difference',
  lift: 'Lift',
  liftHow: 'How the lift is calculated',
  liftFormula: 'Lift = (current − expected) ÷ expected',
  liftWorked: (current: string, expected: string, lift: string) =>
    `(${current} − ${expected}) ÷ ${expected} = ${lift}`,
  expectedRangeOf: (lower: string, upper: string) => `Expected range ${lower} – ${upper}`,
  chart: 'Chart',
  rootCause: 'Root cause',
  overlays: 'Overlays',
  openGroup: 'Open its group',
  partOfGroup: 'Part of a group of insights',
  metric: 'Metric',
} as const;
