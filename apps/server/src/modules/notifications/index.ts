export { notificationsRoutes } from './notifications.routes';
export { notificationJobs, scheduleNotificationJobs } from './notifications.jobs';
export {
  deliverNotification,
  dispatchDue,
  lastDigestTimes,
  notifyItems,
  previewAlerts,
  sendDueDigests,
  snoozeAlerts,
} from './notifications.service';
export {
  channelSender,
  PermanentSendError,
  registerChannelSender,
  type ChannelSender,
  type Notification,
  type NotificationChannel,
  type NotificationKind,
} from './channel';
