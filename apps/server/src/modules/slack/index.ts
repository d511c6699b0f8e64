export { slackRoutes } from './slack.routes';
export { postSlackAlert, SlackDeliveryError } from './slack.service';
export type { SlackAlert, SlackItemKind } from './blocks';
