export { slackRoutes } from './slack.routes';
export { isSlackReachable, postSlackAlert, SlackDeliveryError, type SlackActions } from './slack.service';
export type { SlackAlert, SlackItemKind } from './blocks';
