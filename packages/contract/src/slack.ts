import { z } from 'zod';
import { defineRoute } from './route';

/**
 * Slack alerts with buttons (issue 13 item 3): what the buttons are called, what they do, and what the product
 * says in Slack. The server builds Block Kit from these; the web shows the channel's state in settings.
 */

/** Snooze lengths offered on an alert, in the order the menu shows them. */
export const SLACK_SNOOZES = [
  { id: '1h', label: '1 hour', ms: 60 * 60_000 },
  { id: '1d', label: '1 day', ms: 24 * 60 * 60_000 },
  { id: '1w', label: '1 week', ms: 7 * 24 * 60 * 60_000 },
] as const;
export type SlackSnooze = (typeof SLACK_SNOOZES)[number]['id'];

/** action_id of each button; the value carries the item (`insight_group:42`). */
export const SLACK_ACTION_IDS = {
  resolve: 'tm_resolve',
  flag: 'tm_flag',
  snooze: 'tm_snooze',
  open: 'tm_open',
} as const;

/** Slack's signature must be at most this old (Slack's own advice: 5 minutes against replays). */
export const SLACK_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/** Slack error codes that mean the token will never work again, so the channel is turned off. */
export const SLACK_DEAD_TOKEN_ERRORS = [
  'token_revoked',
  'account_inactive',
  'invalid_auth',
  'not_authed',
  'team_access_not_granted',
  'app_uninstalled',
] as const;

export const SLACK_ALERT_MESSAGES = {
  buttons: { resolve: 'Resolve', flag: 'Flag', snooze: 'Snooze', open: 'Open' },
  snoozePlaceholder: 'Snooze',
  resolvedBy: (who: string) => `Resolved by ${who} via Slack`,
  flaggedBy: (who: string) => `Flagged by ${who} via Slack`,
  snoozedBy: (who: string, length: string, until: string) =>
    `Snoozed for ${length} by ${who} via Slack (alerts pause until ${until})`,
  alreadyResolved: (who: string) => `${who} pressed Resolve; it was already resolved.`,
  alreadyFlagged: (who: string) => `${who} pressed Flag; it was already flagged.`,
  unknownUser:
    "Tidemark doesn't know you yet: the e-mail address of your Slack profile must belong to a member of this Tidemark workspace. Nothing was changed.",
  gone: 'This alert is no longer in Tidemark. Nothing was changed.',
  failed: 'Tidemark could not apply that. Please open the alert in Tidemark and try again.',
  noChannel:
    'No Slack channel was chosen when Slack was connected. Connect Slack again with Add to Slack and pick a channel.',
  revokedNote: (reason: string) =>
    `Slack stopped accepting Tidemark's messages (${reason}), so Slack alerts were turned off. Connect Slack again with Add to Slack to turn them back on.`,
} as const;

/** Slack posts block_actions as a form field named payload; the route reads the raw body to check its signature. */
export const slackRoutes = {
  slackInteractions: defineRoute({
    method: 'POST',
    path: '/v1/slack/interactions',
    access: 'public',
    summary:
      "Slack's interactivity requests (alert buttons), signed with SLACK_SIGNING_SECRET: applied as the Slack user's Tidemark member",
    tags: ['slack'],
    response: z.object({}),
  }),
} as const;
