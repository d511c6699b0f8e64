import { BILLING_MESSAGES, SETUP_NOTICES, STORE_MESSAGES } from '@tidemark/contract';

/** Spec 1 §4 and §9: settings snackbars auto-hide after 2000 ms. */
export const SETTINGS_SNACKBAR_MS = 2000;

/** Spec 1 §2 (stores tab), §8 (org preferences messages). */
export const STORES_COPY = {
  heading: 'Stores',
  intro: "Each store's currency and time zone are how Tidemark shows its figures, days and hours.",
  listLabel: 'Stores',
  open: 'Open store settings',
  back: 'Back',
  demo: 'Store settings belong to your own workspace: exit demo mode to change them.',
  none: 'No store yet: finish creating your workspace to set up its store.',
  loadError: "We couldn't load this store's settings.",
  retry: 'Try again',
  currency: 'Currency',
  currencyHelp: 'Money in insights, events and charts is shown in this currency.',
  timezone: 'Time zone',
  timezoneHelp: 'Days, weeks and hours of every series start in this time zone. Changing it rebuilds them.',
  example: (figure: string, now: string) => `Figures read like ${figure}; it is now ${now} there.`,
  forecast: 'Forecast',
  forecastHelp: 'Show the expected range ahead of the newest data on metric charts.',
  providers: 'Event providers',
  providersHelp: 'Outages at the providers you turn on become events for this store.',
  providersCount: (on: number, all: number) => `${on} of ${all} providers watched`,
  manageProviders: 'Manage event providers',
  drawerTitle: 'Event providers',
  drawerIntro: 'Turn on the services your store relies on. Tidemark watches their status pages.',
  search: 'Search providers',
  noMatch: 'No provider matches your search.',
  close: 'Close',
  statusPage: 'Status page',
  toggleLabel: (name: string) => `Watch ${name}`,
  types: {
    currency: 'Currency',
    timezone: 'Timezone',
    forecast: 'Forecast',
    providers: 'Event Providers',
  },
  updated: STORE_MESSAGES.updated,
  updateFailed: STORE_MESSAGES.updateFailed,
} as const;

/** Spec 1 §3 Billing, §4 (cancel and upgrade by the plan's actions flags), §8 (the server's message). */
export const BILLING_COPY = {
  heading: 'Billing',
  intro: 'Your plan and add-ons, billed monthly in US dollars.',
  /** Said when the server sends no notice of its own (it names settings to operators only). */
  notConfigured: SETUP_NOTICES.payments.customer,
  demo: 'Billing belongs to your own workspace: exit demo mode to see your plan.',
  loadError: "We couldn't load your billing details.",
  retry: 'Try again',
  currentPlan: 'Current plan',
  addOn: 'Add-on',
  noAddOn: 'No add-on',
  free: 'Free',
  price: (price: string, cycle: string) => `${price} / ${cycle}`,
  cycles: { trial: 'trial', month: 'month', year: 'year' } as Record<string, string>,
  trialEnds: (date: string) => `Trial ends ${date}`,
  topPlan: 'Top plan',
  cancel: 'Cancel plan',
  cancelAddOn: 'Cancel add-on',
  upgrade: 'Upgrade',
  upgradeTo: (name: string) => `Upgrade to ${name}`,
  upgradeDisabled: 'You are on the top plan.',
  buy: 'Add',
  active: 'Active',
  plansTitle: 'Plans',
  addOnsTitle: 'Add-ons',
  portal: 'Invoices and payment method',
  confirmCancelTitle: (name: string) => `Cancel ${name}?`,
  confirmCancelBody: (name: string) =>
    `${name} ends now and its features stop. You can subscribe again at any time.`,
  confirmBuyTitle: (plan: { name: string; kind: string }) =>
    plan.kind === 'add_on' ? `Add ${plan.name}?` : `Upgrade to ${plan.name}?`,
  confirmBuyBody: (name: string, price: string, checkout: boolean) =>
    `${name} costs ${price}. ${checkout ? 'You confirm the payment on a secure checkout page next.' : 'It starts at once.'}`,
  confirmBuy: (plan: { kind: string }) => (plan.kind === 'add_on' ? 'Add it' : 'Upgrade'),
  notNow: 'Not now',
  keep: 'Keep it',
  confirmCancel: 'Cancel it',
  working: 'Working…',
  checkoutDone: 'Payment received: your plan updates as soon as Stripe confirms it.',
  checkoutCancelled: 'Checkout was cancelled; nothing changed.',
  failed: BILLING_MESSAGES.stripeFailed,
} as const;
