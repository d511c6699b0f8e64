export { notificationsRoutes } from './notifications.routes';
export { notificationJobs, scheduleNotificationJobs } from './notifications.jobs';
export { notifyItems } from './alerts';
export { deliverNotification, dispatchDue } from './delivery';
export { lastDigestTimes, sendDueDigests } from './digests';
export { previewAlerts, replayAlerts } from './preview';
export { snoozeAlerts } from './preferences';
export {
  channelSender,
  PermanentSendError,
  registerChannelSender,
  type ChannelSender,
  type Notification,
  type NotificationChannel,
  type NotificationKind,
} from './channel';
