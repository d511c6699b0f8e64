/**
 * What a workspace cannot use because the server lacks a setting. Customers are told what they can do;
 * operators (the all-customers workspace) are told which setting to set. The server picks the text, so no
 * setting name reaches a customer's screen.
 */
export const SETUP_NOTICES = {
  payments: {
    customer: 'Payments are not set up for this workspace; contact support.',
    operator:
      'Card payments are not configured on this server (STRIPE_SECRET_KEY is not set): plan changes apply at once, without payment.',
  },
  slack: {
    customer: 'Slack is not available for this workspace yet; contact support to turn it on.',
    operator:
      'Slack is not configured on this server: set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and ENCRYPTION_KEY to let users add Tidemark to Slack.',
  },
  sms: {
    customer: 'Text messages are not available for this workspace yet; contact support to turn them on.',
    operator:
      'SMS is not configured on this server (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are not set), so codes and SMS alerts cannot be sent.',
  },
  storeApp: {
    customer:
      'The store app is not available for this workspace yet. Continue and connect your data with a CSV upload instead, or contact support.',
    operator:
      'The store app is not configured on this server (SHOPIFY_API_KEY and SHOPIFY_API_SECRET are not set), so it cannot be installed from here.',
  },
  /** Any other missing setting (a not_configured error): the operator sees the error's own text. */
  other: {
    customer: 'This is not set up for your workspace yet; contact support.',
  },
} as const;

export type SetupTopic = Exclude<keyof typeof SETUP_NOTICES, 'other'>;

/** The notice for whoever is looking. */
export function setupNotice(topic: SetupTopic, operator: boolean): string {
  return operator ? SETUP_NOTICES[topic].operator : SETUP_NOTICES[topic].customer;
}
