export { preferencesRoutes } from './preferences.routes';
export { getPreference, updatePreference } from './preferences.service';
export { finishSlackInstall, slackBotToken, slackStatus, startSlackInstall } from './slack.service';
