export { slackRoutes } from './slack.routes';
export { postSlackAlert, SlackDeliveryError, type SlackActions } from './slack.service';
export type { SlackAlert, SlackItemKind } from './blocks';
// For the Slack channel's reachability check, asked with the pipeline's own transaction.
export { isSlackReachable } from './slack.repository';
